/** FinishESign's payload as the e-sign pages send it: every agreement, automatic payments, a first draw (0: none). */
export const finishESign = (name: string, draw = 10_000) => ({
  signatureText: name,
  ipAddress: "203.0.113.9",
  userAgent: "worker test",
  signedAt: new Date().toISOString(),
  agreements: ["agrarbitration", "agreleconsent", "agrcredit"] as Array<
    "agrarbitration" | "agreleconsent" | "agrcredit"
  >,
  allowMarketingTexts: true,
  allowMarketingCalls: false,
  isMilitaryPersonnel: false as const,
  repaymentMethod: "A" as const,
  requestedDrawAmount: draw,
  drawNote: draw ? "First draw requested at e-sign" : "",
});
