import fc from "fast-check";

/**
 * Arbitraries for what a browser never sends but anyone with curl can:
 * random and malformed bodies, wrong content types, huge strings, unicode,
 * numbers where strings go, missing, repeated and extra fields.
 */

/** Runs per property: enough to find a crash, few enough for two shared cores. */
export const RUNS = Number(process.env.ABUSE_RUNS ?? 25);

/** Values chosen because they have broken parsers before. */
const EDGE_CASES = [
  "",
  " ",
  "\t\n",
  "\u0000",
  "\uFEFF",
  "\u202E",
  "\uD800",
  "\uDFFF\uD800",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "-1",
  "1e309",
  "0x1F",
  "9007199254740993",
  "[]",
  "{}",
  "[object Object]",
  "true",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"); DROP TABLE sessions; --',
  "../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "a@b",
  "@",
  "x@x.x",
  "00/00/0000",
  "13/45/2026",
  "02/30/2026",
  "000-00-0000",
  "$-1.00",
  "$1,0,0.0.0",
  "1/0",
  "😀".repeat(3),
  "Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘",
] as const;

const hugeString = fc
  .tuple(fc.integer({ min: 5_000, max: 60_000 }), fc.constantFrom("A", "9", "é", "😀", "<", "%"))
  .map(([n, ch]) => ch.repeat(n));

const number = fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map(String);

/** One field value. */
export const fieldValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_CASES) },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: hugeString },
);

/** Field names: the action's own, plus anything at all. */
function fieldName(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known, "intent", "key", "__proto__", "constructor", "_data", "") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  );
}

/**
 * An `intent` value: the action's real ones (so the garbage reaches deep
 * code) and bad ones (near misses, case, padding, unicode, nonsense).
 */
export function intentValue(valid: readonly string[]): fc.Arbitrary<string> {
  const near = valid.flatMap((i) => [i.toUpperCase(), ` ${i}`, `${i}\u0000`, `${i}:`, `${i}:x`]);
  return fc.oneof(
    { weight: 2, arbitrary: valid.length ? fc.constantFrom(...valid) : fc.constant("") },
    { weight: 1, arbitrary: near.length ? fc.constantFrom(...near) : fc.constant("x") },
    { weight: 1, arbitrary: fieldValue },
  );
}

export type Pairs = Array<[string, string]>;

/** Form fields as name/value pairs (names may repeat, as in a real form body). */
export function formPairs(known: readonly string[], intents: readonly string[]): fc.Arbitrary<Pairs> {
  return fc
    .tuple(
      fc.option(intentValue(intents), { nil: undefined }),
      fc.array(fc.tuple(fieldName(known), fieldValue), { maxLength: 8 }),
    )
    .map(([intent, pairs]) => (intent === undefined ? pairs : [["intent", intent] as [string, string], ...pairs]));
}

export interface GarbageBody {
  /** For the failure report. */
  kind: string;
  contentType: string | null;
  body: BodyInit | null;
  /** The fields, when the body is a real form encoding of them. */
  pairs?: Pairs;
}

const urlencoded = (pairs: Pairs): GarbageBody => ({
  kind: "urlencoded",
  contentType: "application/x-www-form-urlencoded",
  body: new URLSearchParams(pairs).toString(),
  pairs,
});

function multipart(pairs: Pairs): GarbageBody {
  const form = new FormData();
  for (const [k, v] of pairs) form.append(k, v);
  // The Request sets the boundary in the Content-Type itself.
  return { kind: "multipart", contentType: null, body: form, pairs };
}

const jsonObject = (pairs: Pairs): GarbageBody => ({
  kind: "json-fields",
  contentType: "application/json",
  body: JSON.stringify(Object.fromEntries(pairs)),
});

/**
 * A whole request body: the fields encoded as a browser would (urlencoded,
 * multipart), as JSON, and bodies that are not forms at all or lie about
 * their type (random JSON, bytes, text, a multipart type with a bad body,
 * broken percent-encoding, nothing).
 */
export function garbageBody(
  known: readonly string[],
  intents: readonly string[] = [],
  speaks: "form" | "json" = "form",
): fc.Arbitrary<GarbageBody> {
  const pairs = formPairs(known, intents);
  // Mostly the door's own encoding, so most garbage gets past the body check into the handler.
  const [form, json] = speaks === "form" ? [4, 1] : [1, 4];
  return fc.oneof(
    { weight: 2 * form, arbitrary: pairs.map(urlencoded) },
    { weight: form, arbitrary: pairs.map(multipart) },
    { weight: json, arbitrary: pairs.map(jsonObject) },
    {
      // Numbers, arrays, objects and nulls where the fields' strings go.
      weight: json,
      arbitrary: fc.dictionary(fieldName(known), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }).map(
        (value): GarbageBody => ({
          kind: "json-typed",
          contentType: "application/json",
          body: JSON.stringify(value),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value): GarbageBody => ({ kind: "json", contentType: "application/json", body: JSON.stringify(value) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/xml",
            "application/octet-stream",
            "multipart/form-data",
            "multipart/form-data; boundary=----x",
            "application/x-www-form-urlencoded; charset=utf-7",
            "",
            "*/*",
          ),
          fc.oneof(fieldValue, fc.uint8Array({ maxLength: 200 })),
        )
        .map(([contentType, body]): GarbageBody => ({ kind: `raw ${contentType || "(none)"}`, contentType, body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("%", "a=%ZZ&&=&b", "%E0%A4%A=1", "intent=%FF%FE", "=&=&=", `${"a".repeat(3_000)}=b`)
        .map(
          (body): GarbageBody => ({ kind: "bad urlencoded", contentType: "application/x-www-form-urlencoded", body }),
        ),
    },
    {
      // JSON that does not parse, sent as JSON (a parser's exception must be the caller's 400, never a 500).
      weight: json,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          fc.string({ maxLength: 40 }).map((text) => `{"${text}`),
        )
        .map((body): GarbageBody => ({ kind: "bad json", contentType: "application/json", body })),
    },
    { weight: 1, arbitrary: fc.constant<GarbageBody>({ kind: "empty", contentType: null, body: null }) },
  );
}

/** Bodies sent as application/json that no JSON parser accepts. */
export const MALFORMED_JSON = [
  "{",
  '{"name":',
  "{'name': 'x'}",
  "{name: 1}",
  "[1, 2,]",
  '{"a": NaN}',
  "}{",
  "undefined",
  '{"a":1}{"b":2}',
  "\u0000",
] as const;

/** JSON that parses but is no request object: what a validator must refuse (400). */
export const NOT_AN_OBJECT = ["null", "[]", "[{}]", '"text"', "12", "true"] as const;

/**
 * A body of `bytes` bytes, sent with its Content-Length (refused from the
 * header alone) or as a stream without one (a chunked upload: refused while
 * it is read, once past the cap).
 */
export function hugeBody(bytes: number, chunked: boolean): BodyInit {
  const chunk = new TextEncoder().encode(`{"name":"${"A".repeat(65_536 - 10)}`.slice(0, 65_536));
  if (!chunked) return "A".repeat(bytes);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

/** Headers for a garbage body (no Content-Type when the body brings its own or none is wanted). */
export function bodyHeaders(b: GarbageBody): Record<string, string> {
  return b.contentType === null ? {} : { "Content-Type": b.contentType };
}

/** The first value of a field, as `FormData.get` reads it. */
export function firstValue(b: GarbageBody, name: string): string | undefined {
  return b.pairs?.find(([k]) => k === name)?.[1];
}

/** A short description of a body for assertion messages (never the huge ones whole). */
export function describeBody(b: GarbageBody): string {
  const text =
    typeof b.body === "string" ? b.body : b.body instanceof FormData ? JSON.stringify([...b.body]) : String(b.body);
  return `${b.kind}: ${text.length > 160 ? `${text.slice(0, 160)}... (${text.length} chars)` : text}`;
}
