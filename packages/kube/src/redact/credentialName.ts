/**
 * Names of environment variables and ConfigMap keys whose values are treated as
 * credentials whatever they look like. Deliberately broad (`KEY` also matches
 * `KEYCLOAK_URL`): masking a harmless value costs little, leaking a password
 * to an LLM costs a rotation.
 */
const CREDENTIAL_NAME =
  /pass(?:w(?:or)?d|phrase)?|pwd|token|secret|key|cred|auth|private|cert|dsn|conn(?:ection)?[-_.]?str|salt|signature|cookie|session/i;

export function isCredentialName(name: string): boolean {
  return CREDENTIAL_NAME.test(name);
}

/**
 * The narrower rule for `name=value` / `name: value` pairs found inside free
 * text (log lines, arguments, event messages): only words that name a secret
 * value, and never names that merely refer to one (`secretName`, `tokenPath`,
 * `secretKeyRef`), because those are the evidence a diagnosis needs.
 */
const ASSIGNED_CREDENTIAL =
  /passw(?:or)?d|passphrase|(?:^|[-_.])pass$|pwd|secret|token|api[-_.]?key|access[-_.]?key|private[-_.]?key|signing[-_.]?key|encryption[-_.]?key|session[-_.]?key|master[-_.]?key|credential/i;
const REFERENCE_SUFFIX =
  /(?:name|names|ref|refs|path|file|dir|namespace|type|kind|id|ttl|length|expiry|expires|expiration|count|url|uri|endpoint|header|version|mode)$/i;

export function isAssignedCredentialName(name: string): boolean {
  if (!ASSIGNED_CREDENTIAL.test(name)) return false;
  const compact = name.replace(/[-_.]/g, "");
  return !REFERENCE_SUFFIX.test(compact);
}
