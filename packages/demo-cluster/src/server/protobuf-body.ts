import { ApiError } from "../api/status";
import type { JsonObject } from "../util/json";

/**
 * kubectl's typed clients (`kubectl create secret|configmap|namespace|
 * serviceaccount`) send request bodies as Kubernetes protobuf, with no JSON
 * fallback. This decodes the envelope (magic "k8s\0" + runtime.Unknown) and
 * the few kinds those generators send most, from their generated.proto field
 * numbers. Anything else is a 415 that says how to send JSON instead.
 */
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

type Field = { no: number; wire: number; value: bigint | Buffer };

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[i++];
      if (b === undefined) throw new Error("truncated varint");
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (i < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      out.push({ no, wire, value: buf.subarray(i, i + len) });
      i += len;
    } else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const str = (f: Field): string =>
  Buffer.isBuffer(f.value) ? f.value.toString("utf8") : String(f.value);
const bytes = (f: Field): Buffer => (Buffer.isBuffer(f.value) ? f.value : Buffer.alloc(0));

function map(entries: Field[], binary: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const kv = fields(bytes(e));
    const k = kv.find((x) => x.no === 1);
    const v = kv.find((x) => x.no === 2);
    if (k !== undefined)
      out[str(k)] = v === undefined ? "" : binary ? bytes(v).toString("base64") : str(v);
  }
  return out;
}

/** ObjectMeta: name 1, generateName 2, namespace 3, labels 11, annotations 12, finalizers 14. */
function objectMeta(buf: Buffer): JsonObject {
  const fs = fields(buf);
  const meta: JsonObject = {};
  const one = (no: number): Field | undefined => fs.find((f) => f.no === no);
  for (const [no, key] of [
    [1, "name"],
    [2, "generateName"],
    [3, "namespace"],
  ] as const) {
    const f = one(no);
    // gogo-protobuf writes empty strings too; an empty namespace means none.
    if (f !== undefined && str(f) !== "") meta[key] = str(f);
  }
  const labels = fs.filter((f) => f.no === 11);
  const annotations = fs.filter((f) => f.no === 12);
  if (labels.length > 0) meta.labels = map(labels, false);
  if (annotations.length > 0) meta.annotations = map(annotations, false);
  const finalizers = fs.filter((f) => f.no === 14).map(str);
  if (finalizers.length > 0) meta.finalizers = finalizers;
  return meta;
}

function decodeObject(kind: string, raw: Buffer): JsonObject | undefined {
  const fs = fields(raw);
  const meta = fs.find((f) => f.no === 1);
  const base: JsonObject = { metadata: meta === undefined ? {} : objectMeta(bytes(meta)) };
  const all = (no: number): Field[] => fs.filter((f) => f.no === no);
  switch (kind) {
    case "Secret": {
      const type = all(3)[0];
      const immutable = all(5)[0];
      return {
        ...base,
        data: map(all(2), true),
        ...(type === undefined ? {} : { type: str(type) }),
        ...(immutable === undefined ? {} : { immutable: immutable.value === 1n }),
      };
    }
    case "ConfigMap": {
      const immutable = all(4)[0];
      const binary = all(3);
      return {
        ...base,
        data: map(all(2), false),
        ...(binary.length === 0 ? {} : { binaryData: map(binary, true) }),
        ...(immutable === undefined ? {} : { immutable: immutable.value === 1n }),
      };
    }
    case "Namespace":
      return base;
    case "Deployment": {
      const spec = all(2)[0];
      return spec === undefined ? base : { ...base, spec: deploymentSpec(bytes(spec)) };
    }
    case "ServiceAccount":
      return base;
    default:
      return undefined;
  }
}

/** DeploymentSpec as `kubectl create deployment` fills it: replicas 1, selector 2, template 3. */
function deploymentSpec(buf: Buffer): JsonObject {
  const fs = fields(buf);
  const spec: JsonObject = {};
  for (const f of fs) {
    if (f.no === 1) spec.replicas = Number(f.value);
    if (f.no === 2)
      spec.selector = {
        matchLabels: map(
          fields(bytes(f)).filter((x) => x.no === 1),
          false,
        ),
      };
    if (f.no === 3) {
      const t = fields(bytes(f));
      const meta = t.find((x) => x.no === 1);
      const podSpec = t.find((x) => x.no === 2);
      spec.template = {
        metadata: meta === undefined ? {} : objectMeta(bytes(meta)),
        spec: {
          containers: fields(podSpec === undefined ? Buffer.alloc(0) : bytes(podSpec))
            .filter((x) => x.no === 2)
            .map((c) => container(bytes(c))),
        },
      };
    }
  }
  return spec;
}

/** Container: name 1, image 2, command 3, args 4, ports 6 (name 1, containerPort 3, protocol 4), env 7 (name 1, value 2). */
function container(buf: Buffer): JsonObject {
  const c: JsonObject = {};
  const command: string[] = [];
  const args: string[] = [];
  const ports: JsonObject[] = [];
  const env: JsonObject[] = [];
  for (const f of fields(buf)) {
    if (f.no === 1) c.name = str(f);
    else if (f.no === 2) c.image = str(f);
    else if (f.no === 3) command.push(str(f));
    else if (f.no === 4) args.push(str(f));
    else if (f.no === 6) {
      const p: JsonObject = {};
      for (const x of fields(bytes(f))) {
        if (x.no === 1) p.name = str(x);
        if (x.no === 3) p.containerPort = Number(x.value);
        if (x.no === 4) p.protocol = str(x);
      }
      ports.push(p);
    } else if (f.no === 7) {
      const e: JsonObject = {};
      for (const x of fields(bytes(f))) {
        if (x.no === 1) e.name = str(x);
        if (x.no === 2) e.value = str(x);
      }
      env.push(e);
    }
  }
  if (command.length > 0) c.command = command;
  if (args.length > 0) c.args = args;
  if (ports.length > 0) c.ports = ports;
  if (env.length > 0) c.env = env;
  return c;
}

export function isProtobuf(contentType: string | undefined): boolean {
  return /application\/vnd\.kubernetes\.protobuf/.test(contentType ?? "");
}

export function decodeProtobufBody(body: Buffer): JsonObject {
  if (!body.subarray(0, 4).equals(MAGIC))
    throw new ApiError("BadRequest", "protobuf body without the k8s envelope");
  try {
    const unknown = fields(body.subarray(4));
    const typeMeta = fields(
      bytes(unknown.find((f) => f.no === 1) ?? { no: 1, wire: 2, value: Buffer.alloc(0) }),
    );
    const apiVersion = str(
      typeMeta.find((f) => f.no === 1) ?? { no: 1, wire: 2, value: Buffer.from("v1") },
    );
    const kind = str(
      typeMeta.find((f) => f.no === 2) ?? { no: 2, wire: 2, value: Buffer.alloc(0) },
    );
    const raw = bytes(
      unknown.find((f) => f.no === 2) ?? { no: 2, wire: 2, value: Buffer.alloc(0) },
    );
    const object = decodeObject(kind, raw);
    if (object !== undefined) return { apiVersion, kind, ...object };
    throw new ApiError(
      "UnsupportedMediaType",
      `the demo cluster reads protobuf bodies only for Secret, ConfigMap, Namespace, ServiceAccount and Deployment (got ${kind}); send JSON instead, e.g. kubectl create ${kind.toLowerCase()} … --dry-run=client -o yaml | kubectl apply -f -`,
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("BadRequest", `malformed protobuf body: ${(error as Error).message}`);
  }
}
