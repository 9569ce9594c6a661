import { isCredentialName } from "./credentialName";
import { isRedacted, REDACTED } from "./marker";
import { redactText } from "./redactText";

/**
 * The value of an environment variable (or a ConfigMap key) as it may be shown:
 * masked whole when the name says credential, otherwise with any embedded
 * credential (a URL with a password, a token, a PEM block) masked.
 */
export function redactEnvValue(name: string, value: string): string {
  if (value.length === 0 || isRedacted(value)) return value;
  if (isCredentialName(name)) return REDACTED;
  return redactText(value);
}
