/**
 * A count written as digits, an English word or Chinese numerals ("3",
 * "three", "三", "两", "十二"), as people write replica counts and revisions.
 * Small numbers only: nobody types "three hundred replicas" in words.
 */
const EN: Record<string, number> = {
  zero: 0,
  none: 0,
  no: 0,
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

const ZH_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  壹: 1,
  二: 2,
  两: 2,
  贰: 2,
  三: 3,
  叁: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Matches one count in text: digits, a Chinese numeral, or an English number word. */
export const COUNT_PATTERN = `(?:\\d{1,4}|[零〇一壹二两贰三叁四五六七八九十百]{1,4}|${Object.keys(
  EN,
)
  .filter((w) => !["a", "an", "no", "none", "couple", "single"].includes(w))
  .join("|")})`;

export function parseCount(word: string): number | undefined {
  const w = word.trim().toLowerCase();
  if (/^\d{1,4}$/.test(w)) return Number(w);
  const en = EN[w];
  if (en !== undefined) return en;
  return chineseNumber(w);
}

/** 十 = 10, 十二 = 12, 二十 = 20, 二十五 = 25, 一百 = 100, 三 = 3. */
function chineseNumber(w: string): number | undefined {
  if (w.length === 0 || !/^[零〇一壹二两贰三叁四五六七八九十百]+$/.test(w)) return undefined;
  let total = 0;
  let digit: number | undefined;
  for (const ch of w) {
    if (ch === "百") {
      total += (digit ?? 1) * 100;
      digit = undefined;
    } else if (ch === "十") {
      total += (digit ?? 1) * 10;
      digit = undefined;
    } else {
      const d = ZH_DIGITS[ch];
      if (d === undefined) return undefined;
      digit = d;
    }
  }
  return total + (digit ?? 0);
}
