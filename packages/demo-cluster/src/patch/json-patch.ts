import { clone, isObject, jsonEqual } from "../util/json";
import { PatchError } from "./patch-error";

/**
 * RFC 6902 JSON patch (add, remove, replace, move, copy, test), as kubectl
 * sends for `rollout undo` and `patch --type=json`. Operations apply in order
 * to a copy; the first failure aborts the whole patch.
 */
export function applyJsonPatch(doc: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch))
    throw new PatchError(
      "json: cannot unmarshal object into Go value of type jsonpatch.Patch (a JSON patch is an array of operations)",
      "decode",
    );
  let result = clone(doc);
  for (const [i, raw] of patch.entries()) {
    if (!isObject(raw)) throw new PatchError(`operation ${i} is not an object`, "decode");
    const op = raw.op;
    const path = raw.path;
    if (typeof path !== "string")
      throw new PatchError(`operation ${i} (${String(op)}) has no "path"`, "apply");
    switch (op) {
      case "add":
        result = add(result, path, clone(raw.value));
        break;
      case "remove":
        result = remove(result, path);
        break;
      case "replace":
        result = add(remove(result, path, "replace"), path, clone(raw.value));
        break;
      case "move": {
        const from = requireFrom(raw, i);
        const value = get(result, from, "move");
        result = add(remove(result, from, "move"), path, value);
        break;
      }
      case "copy": {
        const from = requireFrom(raw, i);
        result = add(result, path, clone(get(result, from, "copy")));
        break;
      }
      case "test":
        if (!jsonEqual(get(result, path, "test"), raw.value))
          throw new PatchError(`testing value ${path} failed: test failed`, "apply");
        break;
      default:
        throw new PatchError(`Unexpected kind: ${String(op)}`, "apply");
    }
  }
  return result;
}

function requireFrom(raw: Record<string, unknown>, i: number): string {
  if (typeof raw.from !== "string")
    throw new PatchError(`operation ${i} (${String(raw.op)}) has no "from"`, "apply");
  return raw.from;
}

function tokens(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/"))
    throw new PatchError(`invalid JSON pointer "${path}": must start with "/"`, "apply");
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function get(doc: unknown, path: string, op: string): unknown {
  let current = doc;
  for (const t of tokens(path)) {
    if (Array.isArray(current)) current = current[index(t, current.length, false, op, path)];
    else if (isObject(current) && t in current) current = current[t];
    else
      throw new PatchError(`${op} operation does not apply: doc is missing path: ${path}`, "apply");
  }
  return current;
}

function parentOf(doc: unknown, path: string, op: string): { parent: unknown; last: string } {
  const ts = tokens(path);
  const last = ts.pop();
  if (last === undefined)
    throw new PatchError(`${op} operation does not apply: the root cannot be targeted`, "apply");
  const parentPath =
    ts.length === 0
      ? ""
      : `/${ts.map((t) => t.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
  return { parent: get(doc, parentPath, op), last };
}

function add(doc: unknown, path: string, value: unknown): unknown {
  if (path === "") return value;
  const { parent, last } = parentOf(doc, path, "add");
  if (Array.isArray(parent))
    parent.splice(
      last === "-" ? parent.length : index(last, parent.length + 1, true, "add", path),
      0,
      value,
    );
  else if (isObject(parent)) parent[last] = value;
  else throw new PatchError(`add operation does not apply: doc is missing path: ${path}`, "apply");
  return doc;
}

function remove(doc: unknown, path: string, op = "remove"): unknown {
  const { parent, last } = parentOf(doc, path, op);
  if (Array.isArray(parent)) parent.splice(index(last, parent.length, false, op, path), 1);
  else if (isObject(parent) && last in parent) delete parent[last];
  else throw new PatchError(`${op} operation does not apply: doc is missing key: ${path}`, "apply");
  return doc;
}

function index(
  token: string,
  length: number,
  inclusive: boolean,
  op: string,
  path: string,
): number {
  const i = /^(0|[1-9]\d*)$/.test(token) ? Number(token) : Number.NaN;
  if (Number.isNaN(i) || i >= length || (!inclusive && i === length)) {
    throw new PatchError(`${op} operation does not apply: index out of range in ${path}`, "apply");
  }
  return i;
}
