import { secretMarkerBytes } from "../../redact/marker";
import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { rec, str } from "./format";

type Rec = Record<string, unknown>;

/**
 * `kubectl describe secret`: keys and sizes only. The object reaching here is
 * already redacted; sizes come from the redaction markers. (kubectl prints a
 * service-account token in clear; the engine never does.)
 */
export function describeSecret(secret: Rec): string {
  const w = new DescribeWriter();
  const meta = rec(secret.metadata);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `\nType:\t${str(secret.type)}\n`);
  w.write(0, "\nData\n====\n");
  for (const key of Object.keys(rec(secret.data)).sort()) {
    const bytes = secretMarkerBytes(rec(secret.data)[key]);
    w.write(0, `${key}:\t${bytes ?? 0} bytes\n`);
  }
  return w.toString();
}

/** `kubectl describe configmap`: each key with its (redacted) value, binary keys with sizes. */
export function describeConfigMap(cm: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(cm.metadata);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, "\nData\n====\n");
  for (const key of Object.keys(rec(cm.data)).sort()) {
    w.write(0, `${key}:\n----\n`);
    w.write(0, `${str(rec(cm.data)[key])}\n`);
    w.write(0, "\n");
  }
  w.write(0, "\nBinaryData\n====\n");
  for (const key of Object.keys(rec(cm.binaryData)).sort()) {
    w.write(0, `${key}: ${Buffer.byteLength(str(rec(cm.binaryData)[key]), "base64")} bytes\n`);
  }
  w.write(0, "\n");
  describeEvents(w, events, now);
  return w.toString();
}
