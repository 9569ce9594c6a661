import { createHmac, randomBytes } from "node:crypto";
import type { AnalysisFailure } from "@kubemedic/protocol";
import { redactText } from "../redact/redactText";

/** k8sgpt's 91-character alphabet for masked values. */
const ALPHABET =
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" +
  `!@#$%^&*()-_=+[]{}|;':",./<>?`;

export type Masker = (value: string) => string;

/**
 * A masker for one analysis run. Like k8sgpt, a value of n bytes becomes n
 * characters of the 91-character alphabet, base64-encoded (4·⌈n/3⌉ long).
 * Unlike k8sgpt the characters come from an HMAC under a per-run random key,
 * so within one run the same value always gets the same mask (an LLM sees a
 * consistent pseudonym) while runs stay unlinkable.
 */
export function createMasker(key: Buffer = randomBytes(32)): Masker {
  const cache = new Map<string, string>();
  return (value) => {
    const hit = cache.get(value);
    if (hit !== undefined) return hit;
    const n = Buffer.byteLength(value, "utf8");
    let chars = "";
    for (let block = 0; chars.length < n; block++) {
      const digest = createHmac("sha256", key).update(`${block}\0${value}`).digest();
      for (const byte of digest) {
        if (chars.length >= n) break;
        chars += ALPHABET[byte % ALPHABET.length] ?? "a";
      }
    }
    const masked = n === 0 ? "" : Buffer.from(chars, "utf8").toString("base64");
    cache.set(value, masked);
    return masked;
  };
}

/**
 * Builds failures for one run, filling `Sensitive` with masked pairs. Every
 * `Text` passes through the engine's secret redaction here, once for all
 * analyzers: findings quote event, condition and container messages verbatim,
 * any of which may carry a token, and findings go to an LLM.
 */
export function failureFactory(mask: Masker) {
  return (text: string, sensitive: readonly string[] | null, doc = ""): AnalysisFailure => ({
    Text: redactText(text),
    KubernetesDoc: doc,
    Sensitive: sensitive === null ? null : sensitive.map((v) => ({ Unmasked: v, Masked: mask(v) })),
  });
}

export type FailureFactory = ReturnType<typeof failureFactory>;
