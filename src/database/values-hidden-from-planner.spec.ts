import { sqliteDriver } from '@app/erp-db/sqlite-driver';
import { valuesHiddenFromPlanner } from './values-hidden-from-planner';

describe('valuesHiddenFromPlanner', () => {
  it('writes every parameter as +?', () => {
    expect(valuesHiddenFromPlanner('SELECT 1 WHERE a = ? AND b IN (?, ?) AND c=?')).toBe(
      'SELECT 1 WHERE a = +? AND b IN (+?, +?) AND c=+?',
    );
    expect(valuesHiddenFromPlanner('INSERT INTO "T" VALUES (?,?)')).toBe('INSERT INTO "T" VALUES (+?,+?)');
  });

  it('leaves quoted text, quoted names and comments alone', () => {
    expect(
      valuesHiddenFromPlanner(
        `SELECT 'a?''?' AS "b?", [c?], \`d?\` -- e?\n, ? /* f? */ FROM t WHERE x = ? -- g?`,
      ),
    ).toBe(`SELECT 'a?''?' AS "b?", [c?], \`d?\` -- e?\n, +? /* f? */ FROM t WHERE x = +? -- g?`);
    expect(valuesHiddenFromPlanner(`SELECT 'open ?`)).toBe(`SELECT 'open ?`);
    expect(valuesHiddenFromPlanner('SELECT ? /* open ?')).toBe('SELECT +? /* open ?');
  });

  it('binds the same values, with the same types and comparisons, on SQLite', () => {
    const db = new (sqliteDriver())(':memory:');
    try {
      db.exec(`CREATE TABLE t (k varchar PRIMARY KEY, n integer, r real);
        INSERT INTO t VALUES ('10', 10, 1.5), ('9', 9, 2.5), ('Ä?', NULL, NULL);`);
      const sql = `SELECT k, n, ? AS v, typeof(?) AS type, '?' AS q FROM t WHERE k IN (?, ?) OR n = ? ORDER BY k`;
      // An integer for a text key matches nothing; a text for an integer column is compared as one.
      const values = [7, 'x', 10, 'Ä?', '9'];
      const planned = db.prepare(valuesHiddenFromPlanner(sql)).all(...values);
      expect(planned).toEqual(db.prepare(sql).all(...values));
      expect(planned).toEqual([
        { k: '9', n: 9, v: 7, type: 'text', q: '?' },
        { k: 'Ä?', n: null, v: 7, type: 'text', q: '?' },
      ]);
    } finally {
      db.close();
    }
  });
});
