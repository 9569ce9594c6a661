import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { horizontalPodAutoscalerAnalyzer } from "./horizontalPodAutoscaler";

const hpa = (spec: object, status: object = {}) => ({
  kind: "HorizontalPodAutoscaler",
  metadata: { name: "h", namespace: "a" },
  spec,
  status,
});

describe("HorizontalPodAutoscaler analyzer", () => {
  it("flags the HPA whose target has no cpu request, passing its condition through", async () => {
    const f = await readScenario("hpa-no-requests");
    const results = await runAnalyzer(horizontalPodAutoscalerAnalyzer, f.objects, {
      namespace: "search",
    });
    expect(results.map((r) => r.name)).toEqual(["search/search-api"]);
    const all = texts(results).join("\n");
    expect(all).toContain("missing request for cpu");
    expect(all).toContain(
      "Deployment search/search-api, scaled by this HorizontalPodAutoscaler, has no container with both resource requests and limits",
    );
  });

  it("reports an unsupported kind together with the unresolved target", async () => {
    expect(
      texts(
        await runAnalyzer(horizontalPodAutoscalerAnalyzer, [
          hpa({ scaleTargetRef: { kind: "Rollout", name: "r" } }),
        ]),
      ),
    ).toEqual([
      "HorizontalPodAutoscaler targets kind Rollout, which is not a supported scale target.",
      "HorizontalPodAutoscaler targets Rollout r, which does not exist.",
    ]);
  });

  it("ignores an HPA at its floor and one whose target sets requests and limits", async () => {
    const results = await runAnalyzer(horizontalPodAutoscalerAnalyzer, [
      hpa(
        { scaleTargetRef: { kind: "Deployment", name: "d" }, minReplicas: 2 },
        {
          desiredReplicas: 2,
          conditions: [
            {
              type: "ScalingLimited",
              status: "True",
              reason: "TooFewReplicas",
              message: "the desired replica count is less than the minimum replica count",
            },
          ],
        },
      ),
      {
        kind: "Deployment",
        metadata: { name: "d", namespace: "a" },
        spec: {
          template: {
            spec: {
              containers: [
                { name: "c", resources: { requests: { cpu: "100m" }, limits: { cpu: "1" } } },
              ],
            },
          },
        },
      },
    ]);
    expect(results).toEqual([]);
  });
});
