import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isIP } from "node:net";

/**
 * A throwaway self-signed certificate (ECDSA P-256) for the simulator's
 * HTTPS listener, built with Node's crypto and a minimal DER encoder: no
 * dependency and no openssl binary. HTTPS is not optional: kubectl's
 * clientcmd attaches the kubeconfig's credentials only to TLS connections, so
 * bearer-token auth needs it. The certificate names localhost, 127.0.0.1, ::1
 * and the listen host, and is its own CA (the kubeconfig carries it).
 */
export interface SelfSignedCert {
  keyPem: string;
  certPem: string;
}

export function selfSignedCert(host: string, now = Date.now()): SelfSignedCert {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const spki = publicKey.export({ type: "spki", format: "der" });
  const name = seq(set(seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from("kubemedic-demo-cluster")))));
  const sanEntries = [...new Set(["localhost", "127.0.0.1", "::1", host])].map((h) =>
    isIP(h) === 0 ? tlv(0x82, Buffer.from(h)) : tlv(0x87, ipBytes(h)),
  );
  const extensions = tlv(
    0xa3,
    seq(
      seq(
        oid("2.5.29.19"),
        tlv(0x01, Buffer.from([0xff])),
        octets(seq(tlv(0x01, Buffer.from([0xff])))),
      ),
      seq(
        oid("2.5.29.15"),
        tlv(0x01, Buffer.from([0xff])),
        octets(tlv(0x03, Buffer.from([0x02, 0x84]))),
      ),
      seq(oid("2.5.29.37"), octets(seq(oid("1.3.6.1.5.5.7.3.1")))),
      seq(oid("2.5.29.17"), octets(seq(...sanEntries))),
    ),
  );
  const algorithm = seq(oid("1.2.840.10045.4.3.2"));
  const serial = randomBytes(16);
  // Positive and minimal in DER: top bit clear (not negative) and a non-zero first byte
  // (a leading 0x00 before a byte < 0x80 is a non-canonical INTEGER that TLS stacks reject).
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name,
    seq(time(now - 3_600_000), time(now + 2 * 365 * 86_400_000)),
    name,
    spki,
    extensions,
  );
  const signature = sign(
    "sha256",
    tbs,
    createPrivateKey(privateKey.export({ type: "pkcs8", format: "pem" })),
  );
  const cert = seq(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const b64 = cert.toString("base64").replace(/(.{64})/g, "$1\n");
  return {
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certPem: `-----BEGIN CERTIFICATE-----\n${b64}${b64.endsWith("\n") ? "" : "\n"}-----END CERTIFICATE-----\n`,
  };
}

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, content]);
}

function seq(...items: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

function set(...items: Buffer[]): Buffer {
  return tlv(0x31, Buffer.concat(items));
}

function octets(content: Buffer): Buffer {
  return tlv(0x04, content);
}

function integer(value: Buffer): Buffer {
  return tlv(0x02, (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime after (RFC 5280). */
function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString();
  const compact = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return Number(iso.slice(0, 4)) < 2050
    ? tlv(0x17, Buffer.from(compact.slice(2)))
    : tlv(0x18, Buffer.from(compact));
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split(".").map(Number));
  const [head = "", tail = ""] = ip.split("::");
  const h = head === "" ? [] : head.split(":");
  const t = tail === "" ? [] : tail.split(":");
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}
