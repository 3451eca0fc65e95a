import { createConfig, lintFromString } from "@redocly/openapi-core";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LeadAnswerSchema, LeadRefusalSchema, LeadStatusSchema, leadSchema } from "#domain/leads/schema";
import { openApiDocument } from "#server/api/openapi";
import { answerExamples, refusalExamples, statusExample } from "#server/api/openapi-examples";

/**
 * The partner contract (GET /api/openapi.json) passes Redocly's recommended
 * rules (issue 21): servers, the signature as a security scheme, every
 * operation described. Warnings count as failures too.
 */
describe("the OpenAPI document", () => {
  it("is clean under Redocly's recommended rules", async () => {
    const doc = openApiDocument("2026-11-27", "https://ridgelinecredit.example");
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "openapi.json",
      config,
    });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("has examples that the endpoints' own schemas accept", () => {
    const today = "2026-11-27";
    const doc = openApiDocument(today, "https://ridgelinecredit.example");
    const lead = doc.paths["/api/leads"].post.requestBody.content["application/json"].examples.approvedApplicant.value;
    expect(v.safeParse(leadSchema(today), lead).issues).toBeUndefined();
    for (const example of Object.values(answerExamples("https://ridgelinecredit.example")))
      expect(v.safeParse(LeadAnswerSchema, example.value).issues, example.summary).toBeUndefined();
    for (const example of Object.values(refusalExamples))
      expect(v.safeParse(LeadRefusalSchema, example.value).issues, example.summary).toBeUndefined();
    expect(v.safeParse(LeadStatusSchema, statusExample).issues).toBeUndefined();
  });
});
