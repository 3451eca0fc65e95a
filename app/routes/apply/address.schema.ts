// The step's rules live in functions/ so the partner API (/api/leads) shares them with the wizard.
export * from "#domain/application/schemas/address";
