import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSecrets, mayHoldSecret, redactDeep, redactText, REDACT_RULES } from "../../../src/report/redact.js";

// Realistic-looking values (shape-correct, not live credentials).
const AWS = "AKIAIOSFODNN7EXAMPLE";
const GHP = "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ";
const GHPAT = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV";
const OPENAI = "sk-3xAmPlE9kEyT0kEnV4luEaBcDeFgHiJkLmNoPq";
const OPENAI_PROJ = "sk-proj-Ab3dEfGh1jKlMnOpQrStUvWxYz0123456789_-abcDEF";
const JWT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const PEM = [
  "-----BEGIN RSA PRIVATE KEY-----",
  "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgwMbRvI0MBZhpI",
  "Q2xvdWQgc2VjcmV0IGtleSBtYXRlcmlhbCBnb2VzIGhlcmUgYW5kIGhlcmU=",
  "-----END RSA PRIVATE KEY-----",
].join("\n");

// Every rule applied to the text with no pre-check: what the pre-checks must never change.
const reference = (text: string): string => {
  let out = text;
  for (const r of REDACT_RULES) {
    r.re.lastIndex = 0;
    out = out.replace(r.re, r.to as string);
  }
  return out;
};

describe("report/redact (design §8 output safety)", () => {
  it("AWS access key ids", () => {
    expect(redactText(`aws configure set aws_access_key_id ${AWS}`)).toBe("aws configure set aws_access_key_id [REDACTED:aws-access-key]");
  });
  it("GitHub classic and fine-grained tokens", () => {
    expect(redactText(`git clone https://${GHP}@github.com/acme/api`)).toBe("git clone https://[REDACTED:github-token]@github.com/acme/api");
    expect(redactText(`token: ${GHPAT}`)).toBe("token: [REDACTED:github-token]");
  });
  it("OpenAI-style keys, including sk-proj-", () => {
    expect(redactText(`client = OpenAI(api_key="${OPENAI}")`)).toBe('client = OpenAI(api_key="[REDACTED:api-key]")');
    expect(redactText(`using ${OPENAI_PROJ} now`)).toBe("using [REDACTED:api-key] now");
  });
  it("JWTs", () => {
    expect(redactText(`cookie session=${JWT}; Path=/`)).toBe("cookie session=[REDACTED:jwt]; Path=/");
  });
  it("PEM private-key blocks, raw and inside JSON-escaped text", () => {
    expect(redactText(`key file:\n${PEM}\nend`)).toBe("key file:\n[REDACTED:private-key]\nend");
    const escaped = JSON.stringify(PEM).slice(1, -1);
    expect(redactText(`"${escaped}"`)).toBe('"[REDACTED:private-key]"');
    expect(redactText("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----")).toBe(
      "[REDACTED:private-key]",
    );
  });
  it("Authorization: Bearer headers (the header and scheme stay)", () => {
    expect(redactText("curl -H 'Authorization: Bearer abc123def456ghi789jkl0' https://api.example.com")).toBe(
      "curl -H 'Authorization: Bearer [REDACTED:authorization]' https://api.example.com",
    );
    expect(redactText('{"Authorization":"Basic dXNlcjpwYXNzd29yZA=="}')).toBe('{"Authorization":"Basic [REDACTED:authorization]"}');
    expect(redactText("headers['x'] = 'Bearer 9f8e7d6c5b4a39281706f5e4'")).toBe("headers['x'] = 'Bearer [REDACTED:bearer]'");
  });
  it(".env-style SECRET= TOKEN= KEY= PASSWORD= API_KEY= assignments", () => {
    const env = [
      "DATABASE_URL=postgres://localhost/app",
      "STRIPE_SECRET=rk_live_51H8abcdEFGH",
      "GITHUB_TOKEN=abc123",
      "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      'DB_PASSWORD="hunter2 with spaces"',
      "OPENAI_API_KEY = 'quoted-value'",
      "SECRET_KEY_BASE=0123456789abcdef",
    ].join("\n");
    expect(redactText(env)).toBe(
      [
        "DATABASE_URL=postgres://localhost/app",
        "STRIPE_SECRET=[REDACTED:secret]",
        "GITHUB_TOKEN=[REDACTED:secret]",
        "AWS_SECRET_ACCESS_KEY=[REDACTED:secret]",
        "DB_PASSWORD=[REDACTED:secret]",
        "OPENAI_API_KEY = [REDACTED:secret]",
        "SECRET_KEY_BASE=[REDACTED:secret]",
      ].join("\n"),
    );
    expect(redactText('{"NPM_TOKEN": "npm_abcdefghijkl", "name": "x"}')).toBe('{"NPM_TOKEN": "[REDACTED:secret]", "name": "x"}');
  });
  it("leaves ordinary text and code untouched", () => {
    const plain = [
      "const sortKey = item.key; map.set(KEY, value);",
      "MONKEY=banana TOKENS_USED=1200 maxTokens=4096",
      "pip install scikit-learn; the sk-learn alias; task-123",
      "Bearer of bad news. Authorization required.",
      "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
      "eyJust kidding, AKIA is a prefix, ghp_short",
    ].join("\n");
    expect(redactText(plain)).toBe(plain);
    expect(findSecrets(plain)).toEqual({});
  });
  it("is idempotent and counts findings by kind", () => {
    const s = `A=${AWS} B=${GHP} GITHUB_TOKEN=${GHP}`;
    const once = redactText(s);
    expect(redactText(once)).toBe(once);
    expect(findSecrets(s)).toEqual({ "aws-access-key": 1, "github-token": 2 });
  });
  it("redactDeep copies only what changes and keeps __proto__ keys as data", () => {
    const shared = { text: "nothing here" };
    const input = JSON.parse(`{"a":[${JSON.stringify(shared)},{"t":"key ${AWS}"}],"__proto__":{"x":"${GHP}"}}`);
    const counter = { n: 0 };
    const out = redactDeep(input, counter);
    expect(out.a[0]).toBe(input.a[0]);
    expect(out.a[1].t).toBe("key [REDACTED:aws-access-key]");
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(JSON.stringify(out)).toContain("[REDACTED:github-token]");
    expect(input.a[1].t).toContain(AWS);
    expect(counter.n).toBe(2);
  });
  it("redactDeep gives a shared object that changes one copy, keeps a shared unchanged one, and copies arrays only from their first change", () => {
    const secret = { t: `key ${AWS}` };
    const plain = { t: "nothing here", ids: [1, 2, null, "a"] };
    const arr = [1, "x", plain, secret, 2, null, true];
    const input = { first: secret, again: secret, plain, alsoPlain: plain, arr, arrAgain: arr, nums: [1, 2, 3] };
    const counter = { n: 0 };
    const out = redactDeep(input, counter);
    expect(out.first).not.toBe(secret);
    expect(out.again).toBe(out.first);
    expect(out.plain).toBe(plain);
    expect(out.alsoPlain).toBe(plain);
    expect(out.nums).toBe(input.nums);
    expect(out.arrAgain).toBe(out.arr);
    expect(out.arr).toEqual([1, "x", plain, { t: "key [REDACTED:aws-access-key]" }, 2, null, true]);
    expect(out.arr[2]).toBe(plain);
    expect(counter.n).toBe(1);
    expect(JSON.stringify(out)).toBe(JSON.stringify(input).replaceAll(AWS, "[REDACTED:aws-access-key]"));
  });
});

describe("report/redact anchor pre-check", () => {
  // Each rule's own shape, minimal: if the pre-check missed any of them, the rule would never run.
  const samples = [
    "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----",
    "authorization: abcdefgh12345678",
    "Bearer abcdefghijklmnop1234",
    "eyJabcdefghij.eyJab.x",
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_123456789012345678901234567890",
    "github_pat_1234567890123456789012",
    "sk-abcdefghijklmnopqrstuvwx",
    "DB_PASSWORD=hunter22",
    "MY_PASSPHRASE=hunter22",
    "AWS_CREDENTIALS=abc",
    '"API_KEY": "abc"',
  ];
  it("every rule's shape passes the pre-check and is redacted", () => {
    for (const s of samples) {
      expect(mayHoldSecret(s), s).toBe(true);
      expect(redactText(s), s).toContain("[REDACTED:");
    }
  });
  it("text without any anchor is returned as the same string", () => {
    const prose = "The sortKey= value and sk learn stay; monkey business, tokens used: 42.";
    expect(mayHoldSecret(prose)).toBe(false);
    expect(redactText(prose)).toBe(prose);
  });
});

describe("report/redact: equal strings redacted once", () => {
  it("equal long strings (distinct copies) are each redacted and each counted", () => {
    const line = `deploy with AWS key ${AWS} and a long enough tail to be remembered by content`;
    const a = [line, "x"].join("").slice(0, -1);
    const b = [line, "y"].join("").slice(0, -1);
    const counter = { n: 0 };
    const out = redactDeep({ text: a, blocks: [{ type: "text", text: b }], again: a }, counter);
    expect(out.text).toBe(`deploy with AWS key [REDACTED:aws-access-key] and a long enough tail to be remembered by content`);
    expect(out.blocks[0].text).toBe(out.text);
    expect(out.again).toBe(out.text);
    expect(counter.n).toBe(3);
  });
  it("many distinct strings of one length, repeated in any order, each get their own redaction", () => {
    const texts = Array.from(
      { length: 20 },
      (_, i) => `${String(i).padStart(2, "0")} ${(i % 3 ? "plain words only" : `key ${AWS}`).padEnd(24, ".")} ${"-".repeat(60)}`,
    );
    expect(new Set(texts.map((t) => t.length)).size).toBe(1);
    const order = [...texts, ...[...texts].reverse(), ...texts.filter((_, i) => i % 2)];
    const counter = { n: 0 };
    expect(redactDeep(order, counter)).toEqual(order.map(redactText));
    expect(counter.n).toBe(order.filter((t) => t.includes(AWS)).length);
  });
  it("the anchor pre-check sees 'authorization' in any ASCII case, as the /i rule does", () => {
    for (const s of ["AUTHORIZATION: abcdefgh12345678", "AuThOrIzAtIoN=abcdefgh12345678"]) {
      expect(mayHoldSecret(s), s).toBe(true);
      expect(redactText(s), s).toContain("[REDACTED:authorization]");
    }
  });
});

describe("report/redact: pre-checks only skip work", () => {
  // Every rule applied in order with no pre-check at all: what redactText must equal.
  const fragments = [
    "DB_",
    "PASSWORD",
    "PASSWD",
    "API_KEY",
    "APIKEY",
    "KEY",
    "_ID",
    "TOKEN",
    "SECRET",
    "CREDENTIALS",
    "PASSPHRASE",
    "_2",
    "=",
    " = ",
    ":",
    '"',
    "'",
    "hunter22",
    "x",
    " ",
    "\n",
    "[REDACTED:secret]",
    "Authorization: ",
    "Bearer ",
    "abcdefghijklmnop1234",
    AWS,
    "eyJ",
    "sk-",
  ];
  // Every rule's anchor, pieces that split or overlap anchors ("sk" + "-----BEGIN", "AKI" + "ASIA"), and
  // whole secrets of every kind: the rules a text's anchors select must give what all rules give.
  const anchorFragments = [
    ...fragments,
    "-----BEGIN PRIVATE KEY-----",
    "-----END PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "-----",
    "BEGIN",
    "sk",
    "-",
    "AKI",
    "ASIA",
    "IOSFODNN7EXAMPLE",
    "authorization=",
    "AUTHORIZATION: ",
    "basic ",
    "bearer ",
    "ghp_",
    "gh",
    "p_",
    "123456789012345678901234567890",
    "github_pat_",
    "eyJabcdefghij.eyJab.x",
    ".eyJ",
    "PASSP",
    "HRASE",
    "KE",
    "Y",
    "[REDACTED:authorization]",
    // Case variants and near misses; units whose low byte spells a letter (long texts are searched as Latin-1 bytes).
    "aUtHoRiZaTiOn: ",
    "authorizatio",
    "github_pa",
    "\u0141KIA",
    "\u0153k-",
  ];
  it("redactText equals every rule applied, on texts made of every rule's anchors, split and overlapping", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...anchorFragments), { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(redactText(text)).toBe(reference(text));
        // Long texts take the three-scan path, short ones the single alternation first.
        const long = `${text}${".".repeat(300)}${text}`;
        expect(redactText(long)).toBe(reference(long));
      }),
      { numRuns: 5000 },
    );
  });
  it("an anchor overlapping the end of another still selects its rule", () => {
    for (const text of [
      "task-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----",
      "x sk-abcdefghijklmnopqrstuvwx",
      "TASK-ghp_123456789012345678901234567890 x",
    ]) {
      expect(redactText(text), text).toBe(reference(text));
      expect(redactText(text), text).toContain("[REDACTED:");
    }
  });
  it("every rule names an anchor that the anchor scan finds", () => {
    for (const r of REDACT_RULES)
      for (const alt of r.anchor.source.split("|")) expect(mayHoldSecret(alt.replace("[pousr]", "p")), `${r.kind} ${alt}`).toBe(true);
  });
  it("redactText equals every rule applied without pre-checks, on texts made of rule fragments", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(redactText(text)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("report/redact: every alternative of every secret pattern survives the pre-checks", () => {
  // One shape per alternative of each rule's regex (and of the env rules' NAME keywords), so dropping any
  // alternative from the anchor scan or an env rule's `pre` leaves a secret in clear text.
  const body16 = "ABCDEFGH23456789";
  const token36 = "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";
  const names = ["SECRET", "TOKEN", "KEY", "PASSWORD", "PASSWD", "PASSPHRASE", "API_KEY", "APIKEY", "CREDENTIAL", "CREDENTIALS"];
  const samples: Array<[string, string]> = [
    ...["PRIVATE KEY", "RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK"].map((l): [string, string] => [
      "private-key",
      `-----BEGIN ${l}-----\nMIIBabc\n-----END ${l}-----`,
    ]),
    ...["Authorization", "authorization", "AUTHORIZATION", "aUTHORIZATION"].flatMap((h) =>
      ["", "Bearer ", "Basic ", "Token ", "Bot ", "bearer "].flatMap((scheme) =>
        [": ", "=", '": "'].map((sep): [string, string] => ["authorization", `${h}${sep}${scheme}abcdefgh12345678`]),
      ),
    ),
    ["bearer", "headers.x = 'Bearer 9f8e7d6c5b4a39281706f5e4=='"],
    ["jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature-1"],
    ...["AKIA", "ASIA", "ABIA", "ACCA"].map((p): [string, string] => ["aws-access-key", `id ${p}${body16} end`]),
    ...["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map((p): [string, string] => ["github-token", `${p}${token36}`]),
    ["github-token", "github_pat_11ABCDEFG0123456789_abcdefghij"],
    ...["", "proj-", "svcacct-", "admin-", "ant-", "ant-api03-"].map((p): [string, string] => ["api-key", `key sk-${p}Ab3dEfGh1jKlMnOpQrStUvWx`]),
    ...names.flatMap((n) => [`${n}=hunter22`, `DB_${n}_2 = 'hunter 22'`, `export APP_${n}="x y"`].map((t): [string, string] => ["secret", t])),
    ...names.flatMap((n) => [`{"${n}": "hunter22"}`, `{"MY_${n}_V2" : "x"}`].map((t): [string, string] => ["secret", t])),
  ];
  // Every rule applied in order with no pre-check at all: what redactText must equal.

  it.each(samples)("%s: %s is redacted", (kind, sample) => {
    expect(mayHoldSecret(sample)).toBe(true);
    expect(redactText(sample)).toContain(`[REDACTED:${kind}]`);
    expect(redactText(sample)).toBe(reference(sample));
  });

  it("each alternative is redacted inside surrounding text, in any mix (the pre-check never changes the result)", () => {
    const filler = fc.constantFrom("", " ", "\n", "x", "; ", "=", '"', "word ", "KEY", "sk-", "eyJ", "gh", "Bearer ", "AKIA");
    fc.assert(
      fc.property(fc.array(fc.oneof(filler, fc.constantFrom(...samples.map(([, t]) => t))), { maxLength: 10 }), (parts) => {
        const text = parts.join("");
        expect(redactText(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("'authorization' is seen in every ASCII casing of every letter", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }), (upper) => {
        const head = [..."authorization"].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join("");
        const text = `${head}: abcdefgh12345678`;
        expect(mayHoldSecret(text)).toBe(true);
        expect(redactText(text)).toBe(`${head}: [REDACTED:authorization]`);
      }),
      { numRuns: 300 },
    );
  });
});
