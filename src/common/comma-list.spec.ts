import { commaList, listEntry } from './comma-list';
import { webshopPattern } from '../scope/web-shop-release';

describe('comma-separated attribute lists', () => {
  it('entries are compared ignoring case and blanks; empty entries are none', () => {
    expect(commaList(' Shop , other,, SH OP ,')).toEqual(['SHOP', 'OTHER', 'SHOP']);
    expect(commaList(null)).toEqual([]);
    expect(commaList(' , ')).toEqual([]);
    expect(listEntry(' kar ')).toBe('KAR');
  });

  it('the SQL pattern of the web-shop test is built from the same entry', () => {
    expect(webshopPattern(' sh op ')).toBe(`%,${listEntry(' sh op ')},%`);
    expect(webshopPattern('a_b%c')).toBe('%,A!_B!%C,%');
  });
});
