import type { LogRequest, LogSource } from "../snapshot/LogSource";
import { snapshotFromObjects } from "../snapshot/snapshotFromObjects";
import type { ClusterSnapshot } from "../snapshot/ClusterSnapshot";
import { readScenario, type ScenarioFixture } from "./scenarioFixture";

/** A scenario object as tests edit it. */
export interface EditableObject {
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface VariantOptions {
  /** Removes the objects for which it returns true. */
  drop?: (o: EditableObject) => boolean;
  /** Changes the (cloned) objects in place. */
  edit?: (objects: EditableObject[]) => void;
  /** Replaces the log of a container: `pod/container` or `pod/container/previous` → text. */
  logs?: Record<string, string>;
}

/**
 * Test helper: a built-in scenario with a change — an object edited or
 * removed, a log rewritten — so a unit test can show that a rule depends on
 * exactly that fact. The fixture's parsed objects are cloned, never mutated.
 */
export async function scenarioVariant(
  name: string,
  options: VariantOptions = {},
): Promise<{ snapshot: ClusterSnapshot; fixture: ScenarioFixture }> {
  const fixture = await readScenario(name);
  const objects = (structuredClone(fixture.objects) as EditableObject[]).filter(
    (o) => options.drop?.(o) !== true,
  );
  options.edit?.(objects);
  const replaced = options.logs ?? {};
  const logs: LogSource = {
    read(request: LogRequest, signal) {
      const key = `${request.pod}/${request.container}${request.previous === true ? "/previous" : ""}`;
      const text = replaced[key];
      return text === undefined ? fixture.logs.read(request, signal) : Promise.resolve(text);
    },
  };
  return { snapshot: snapshotFromObjects(objects, { logs }), fixture };
}

/** The object of a kind and name (throws when absent: a test typo must not pass silently). */
export function objectOf(objects: EditableObject[], kind: string, name: string): EditableObject {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (o === undefined) throw new Error(`no ${kind} ${name} in the scenario`);
  return o;
}
