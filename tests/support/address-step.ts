/** The application's address step as its form posts it (an Ohio applicant, approved): shared by the worker tests and the bench. */
export const addressStep = {
  streetAddress: "12 Elm Street",
  apt: "",
  city: "Columbus",
  state: "OH",
  zip: "43004",
  mainPhone: "614-555-0101",
  mainIsCell: "on",
  cellPhone: "",
} as const;
