/**
 * ISO 639-2/B language codes (bibliographic form: ger, fre, ita, eng, ...), the form the ERP
 * stores in AdrSprache. Includes the special codes mis, mul, und and zxx.
 */
const ISO_639_2B: ReadonlySet<string> = new Set(
  (
    'aar abk ace ach ada ady afa afh afr ain aka akk alb ale alg alt amh ang anp apa ara arc arg arm ' +
    'arn arp art arw asm ast ath aus ava ave awa aym aze bad bai bak bal bam ban baq bas bat bej bel ' +
    'bem ben ber bho bih bik bin bis bla bnt bos bra bre btk bua bug bul bur byn cad cai car cat cau ' +
    'ceb cel cha chb che chg chi chk chm chn cho chp chr chu chv chy cmc cnr cop cor cos cpe cpf cpp ' +
    'cre crh crp csb cus cze dak dan dar day del den dgr din div doi dra dsb dua dum dut dyu dzo efi ' +
    'egy eka elx eng enm epo est ewe ewo fan fao fat fij fil fin fiu fon fre frm fro frr frs fry ful ' +
    'fur gaa gay gba gem geo ger gez gil gla gle glg glv gmh goh gon gor got grb grc gre grn gsw guj ' +
    'gwi hai hat hau haw heb her hil him hin hit hmn hmo hrv hsb hun hup iba ibo ice ido iii ijo iku ' +
    'ile ilo ina inc ind ine inh ipk ira iro ita jav jbo jpn jpr jrb kaa kab kac kal kam kan kar kas ' +
    'kau kaw kaz kbd kha khi khm kho kik kin kir kmb kok kom kon kor kos kpe krc krl kro kru kua kum ' +
    'kur kut lad lah lam lao lat lav lez lim lin lit lol loz ltz lua lub lug lui lun luo lus mac mad ' +
    'mag mah mai mak mal man mao map mar mas may mdf mdr men mga mic min mis mkh mlg mlt mnc mni mno ' +
    'moh mon mos mul mun mus mwl mwr myn myv nah nai nap nau nav nbl nde ndo nds nep new nia nic niu ' +
    'nno nob nog non nor nqo nso nub nwc nya nym nyn nyo nzi oci oji ori orm osa oss ota oto paa pag ' +
    'pal pam pan pap pau peo per phi phn pli pol pon por pra pro pus que raj rap rar roa roh rom rum ' +
    'run rup rus sad sag sah sai sal sam san sas sat scn sco sel sem sga sgn shn sid sin sio sit sla ' +
    'slo slv sma sme smi smj smn smo sms sna snd snk sog som son sot spa srd srn srp srr ssa ssw suk ' +
    'sun sus sux swa swe syc syr tah tai tam tat tel tem ter tet tgk tgl tha tib tig tir tiv tkl tlh ' +
    'tli tmh tog ton tpi tsi tsn tso tuk tum tup tur tut tvl twi tyv udm uga uig ukr umb und urd uzb ' +
    'vai ven vie vol vot wak wal war was wel wen wln wol xal xho yao yap yid yor ypk zap zbl zen zgh ' +
    'zha znd zul zun zxx zza'
  ).split(' '),
);

/** The terminology (T) codes that differ from their bibliographic (B) form: deu -> ger, ... */
const TERMINOLOGY_TO_BIBLIOGRAPHIC: Readonly<Record<string, string>> = {
  sqi: 'alb',
  hye: 'arm',
  eus: 'baq',
  mya: 'bur',
  zho: 'chi',
  ces: 'cze',
  nld: 'dut',
  fra: 'fre',
  kat: 'geo',
  deu: 'ger',
  ell: 'gre',
  isl: 'ice',
  mkd: 'mac',
  mri: 'mao',
  msa: 'may',
  fas: 'per',
  ron: 'rum',
  slk: 'slo',
  bod: 'tib',
  cym: 'wel',
};

/** Lower-cased, trimmed and mapped to the B form; anything else is returned unchanged for validation. */
export function normalizeLanguage(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const code = value.trim().toLowerCase();
  return TERMINOLOGY_TO_BIBLIOGRAPHIC[code] ?? code;
}

/** Every code a request may send (lower-case): the B codes and the T codes that are read as their B form. */
export const LANGUAGE_CODES_ACCEPTED: readonly string[] = [
  ...ISO_639_2B,
  ...Object.keys(TERMINOLOGY_TO_BIBLIOGRAPHIC),
].sort();

export function isLanguageCode(value: unknown): boolean {
  return typeof value === 'string' && ISO_639_2B.has(value);
}
