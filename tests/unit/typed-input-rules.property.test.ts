import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { finishUsDate, parseUsDate } from "#domain/application/fields";
import { personalFields } from "#domain/application/schemas/personal";
import { moneyInputCents, moneyInputText, normaliseMoneyInput } from "#domain/rules/money-input";
import {
  formatPhone,
  maskPhone,
  maskWorkPhone,
  normalisePhone,
  phoneDigits,
  workPhoneParts,
} from "#domain/rules/phone";
import { finishers, masks } from "../../app/components/form/masks";

/**
 * The one phone rule and the one money-input rule (decision "inputs accepted
 * as people type them"): every way a person writes a phone or an amount
 * reads as the same digits or cents, the browser's mask never turns a typed
 * value into a different one, and what is not an amount is refused.
 */

const tenDigits = fc.stringMatching(/^[2-9]\d{9}$/);
/** The separators people put in a phone, and where. */
const writtenAs = (d: string) => [
  d,
  formatPhone(d),
  `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`,
  `1-${formatPhone(d)}`,
  `1${d}`,
  `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  `+1.${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  ` ${formatPhone(d)} `,
];

/** Typing character by character, the mask running after each one (as the input event does). */
const typeInto = (mask: (text: string) => string, text: string) =>
  [...text].reduce((box, char) => mask(box + char), "");

describe("the phone rule", () => {
  it("reads every written form of a phone as its 10 digits", () => {
    fc.assert(
      fc.property(tenDigits, (d) => {
        for (const written of writtenAs(d)) expect(phoneDigits(written), written).toBe(d);
      }),
    );
  });

  it("the mask, typed key by key or pasted whole, then left, shows ###-###-#### of the same digits", () => {
    fc.assert(
      fc.property(tenDigits, (d) => {
        for (const written of writtenAs(d)) {
          const finish = finishers.phone!;
          expect(finish(typeInto(masks.phone, written)), written).toBe(formatPhone(d));
          expect(finish(masks.phone(written)), written).toBe(formatPhone(d));
          // What the box shows is what the server reads.
          expect(phoneDigits(masks.phone(written))).toBe(d);
        }
      }),
    );
  });

  it("never invents a phone: 9 digits, 11 without the country code 1, or other letters are refused", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^[02-9]\d{10}$/), (nine, eleven) => {
        expect(phoneDigits(nine)).toBeNull();
        expect(phoneDigits(eleven)).toBeNull();
        expect(phoneDigits(`+${eleven}`)).toBeNull();
      }),
    );
    for (const bad of [
      "",
      "512-555-O100",
      "512_555_0100",
      "512/555/0100",
      "+44 20 7946 0958",
      "+512 555 0100",
      "++1 512 555 0100",
    ])
      expect(phoneDigits(bad), bad).toBeNull();
  });

  it("the issue's examples: 1-512-555-0100 and a pasted +1 512 555 0100 are 512-555-0100", () => {
    expect(normalisePhone(typeInto(maskPhone, "1-512-555-0100"))).toBe("512-555-0100");
    expect(normalisePhone(maskPhone("+1 512 555 0100"))).toBe("512-555-0100");
    expect(typeInto(maskPhone, "5125550142")).toBe("512-555-0142");
  });

  it("work phones: the phone rule, then an optional extension of up to 4 digits", () => {
    fc.assert(
      fc.property(tenDigits, fc.stringMatching(/^\d{0,4}$/), (d, ext) => {
        for (const written of writtenAs(d)) {
          for (const sep of ["x", " x", " ext ", " ext. ", "X"]) {
            const text = ext ? `${written}${sep}${ext}` : written;
            expect(workPhoneParts(text), text).toEqual({ phone: d, ext });
          }
        }
        expect(finishers.workPhone!(typeInto(maskWorkPhone, `${formatPhone(d)}x${ext}`))).toBe(
          ext ? `${formatPhone(d)}x${ext}` : formatPhone(d),
        );
      }),
    );
    expect(workPhoneParts("512-555-0100 x12345")).toBeNull();
  });
});

describe("the money-input rule", () => {
  const cents = fc.integer({ min: 0, max: 99_999_999_999 });
  const withCommas = (whole: number) => whole.toLocaleString("en-US");

  it("reads every written form of an amount as its cents", () => {
    fc.assert(
      fc.property(cents, (c) => {
        const whole = Math.floor(c / 100);
        const part = String(c % 100).padStart(2, "0");
        const forms = [
          `${whole}.${part}`,
          `$${whole}.${part}`,
          `${withCommas(whole)}.${part}`,
          `$${withCommas(whole)}.${part}`,
          ` $ ${withCommas(whole)}.${part} `,
        ];
        if (c % 100 === 0) forms.push(`${whole}`, `$${withCommas(whole)}`, `${whole}.`, `${whole}.0`);
        if (c % 10 === 0) forms.push(`${whole}.${part[0]}`);
        for (const form of forms) expect(moneyInputCents(form), form).toBe(c);
        expect(moneyInputCents(moneyInputText(c))).toBe(c);
      }),
    );
  });

  it("refuses, never reinterprets: minus, exponents, letters, three decimals, misplaced commas", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), (n) => {
        for (const bad of [
          `-${n}`,
          `$-${n}`,
          `${n}e3`,
          `${n}e-2`,
          `${n}.123`,
          `${n}a`,
          `0x${n}`,
          `${n},`,
          `,${n}`,
          `${n} ${n}`,
          `+${n}`,
          `${n}$`,
        ]) {
          expect(moneyInputCents(bad), bad).toBeNull();
          // The field keeps what was typed, so its message can say why.
          expect(normaliseMoneyInput(bad)).toBe(bad);
          expect(masks.money(bad)).toBe(bad);
        }
      }),
    );
    for (const bad of ["", "$", "1e3", "12,34", "1,2345", "1,234,56", "Infinity", "NaN", "1_000", "١٢٣"])
      expect(moneyInputCents(bad), bad).toBeNull();
  });

  it("the issue's examples", () => {
    expect(moneyInputCents("$12,345.67")).toBe(1_234_567);
    expect(moneyInputCents("150.00")).toBe(15_000);
    expect(moneyInputCents("-500")).toBeNull();
    expect(moneyInputCents("1e3")).toBeNull();
    expect(moneyInputCents("99999999")).toBe(9_999_999_900);
  });
});

describe("dates as people type them", () => {
  it("keeps typed slashes: 1/5/1990 typed key by key stays 1/5/1990 and reads as 5 January 1990", () => {
    expect(typeInto(masks.date, "1/5/1990")).toBe("1/5/1990");
    expect(finishUsDate(typeInto(masks.date, "1/5/1990"))).toBe("01/05/1990");
    expect(typeInto(masks.date, "01051990")).toBe("01/05/1990");
    expect(typeInto(masks.date, "12/25/2026")).toBe("12/25/2026");
  });

  it("every real date, typed with or without leading zeros, slashes, dashes or dots, or as yyyy-mm-dd, reads as itself with JavaScript and without", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split("-") as [string, string, string];
          const typedForms = [
            `${m}/${d}/${y}`,
            `${Number(m)}/${Number(d)}/${y}`,
            `${m}${d}${y}`,
            `${m}-${d}-${y}`,
            `${Number(m)}-${Number(d)}-${y}`,
            `${m}.${d}.${y}`,
            iso,
            `${y}${m}${d}`,
          ];
          for (const typed of typedForms) {
            // With JavaScript: the mask as it is typed, then the field left.
            expect(parseUsDate(typeInto(masks.date, typed)), typed).toBe(iso);
            expect(finishUsDate(typeInto(masks.date, typed)), typed).toBe(`${m}/${d}/${y}`);
            // Without: the server reads the post as typed.
            expect(parseUsDate(typed), typed).toBe(iso);
            expect(finishUsDate(typed), typed).toBe(`${m}/${d}/${y}`);
          }
        },
      ),
    );
  });

  it("an impossible whole date is cleared; a partial one is kept for its message", () => {
    expect(finishUsDate("02/30/2000")).toBe("");
    expect(finishUsDate("13/01/1990")).toBe("");
    expect(finishUsDate("01/05")).toBe("01/05");
    expect(finishUsDate("02-30-2000")).toBe("");
    expect(finishUsDate("2000-02-30")).toBe("");
    expect(finishUsDate("19900517")).toBe("05/17/1990");
    expect(typeInto(masks.date, "19900517")).toBe("1990-05-17");
    expect(finishUsDate("1990-02-30")).toBe("");
  });
});

describe("names as people type them", () => {
  const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèêëñüöäåçøłßÉÑÜŁőțžăễ");
  const nameChar = fc.oneof(letter, letter, letter, fc.constantFrom(" ", "-", "'", "\u2019"));
  const name = fc.tuple(letter, fc.array(nameChar, { maxLength: 30 })).map(([first, rest]) => first + rest.join(""));
  const schema = personalFields("2026-11-27").firstName;

  it("the mask, typed key by key or pasted, keeps every letter of any alphabet; a phone's ’ is the apostrophe; the schema accepts it", () => {
    fc.assert(
      fc.property(name, (written) => {
        const plain = written.replace(/\u2019/g, "'");
        expect(typeInto(masks.name, written)).toBe(plain);
        expect(masks.name(written)).toBe(plain);
        const parsed = v.safeParse(schema, typeInto(masks.name, written));
        expect(parsed.success && parsed.output, written).toBe(plain.trim());
      }),
    );
  });

  it("the mask drops what no name has: digits, signs, emoji", () => {
    expect(typeInto(masks.name, "Jo3sé!@ 😀Nuñez.")).toBe("José Nuñez");
  });
});
