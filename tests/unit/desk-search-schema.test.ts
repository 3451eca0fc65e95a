import { describe, expect, it } from "vitest";
import { parseSearch, SEARCH_FIELDS, type SearchValues, searchMessages } from "../../app/routes/desk/search.schema";

/** The desk search form's values: every field empty but those given. */
const form = (given: Partial<SearchValues>): SearchValues => ({
  ...(Object.fromEntries(SEARCH_FIELDS.map((f) => [f, ""])) as SearchValues),
  ...given,
});

describe("the desk search's schema: by name", () => {
  it("takes a last name, alone or with the first name's first letters, trimmed", () => {
    expect(parseSearch(form({ lastName: "  Reyes " }))).toEqual({
      ok: true,
      search: { by: "name", lastName: "Reyes", firstNamePrefix: "" },
    });
    expect(parseSearch(form({ lastName: "Reyes", firstName: " Jo " }))).toEqual({
      ok: true,
      search: { by: "name", lastName: "Reyes", firstNamePrefix: "Jo" },
    });
  });

  it("writes a name as the application stored it: composed accents, the plain apostrophe", () => {
    const typed = parseSearch(form({ lastName: "O\u2019Brien", firstName: "Jose\u0301" }));
    expect(typed).toEqual({ ok: true, search: { by: "name", lastName: "O'Brien", firstNamePrefix: "José" } });
  });

  it("asks for the last name when only a first name (or spaces) is given", () => {
    expect(parseSearch(form({ firstName: "Ana" }))).toEqual({
      ok: false,
      errors: { lastName: searchMessages.lastName },
    });
    expect(parseSearch(form({ lastName: "   ", firstName: "Ana" }))).toEqual({
      ok: false,
      errors: { lastName: "Enter the whole last name." },
    });
  });

  it("comes before the other kinds when several are filled", () => {
    const both = parseSearch(form({ lastName: "Reyes", email: "owing@demo.ridgeline.test" }));
    expect(both.ok && both.search.by).toBe("name");
  });
});

describe("the desk search's schema: by part of an e-mail", () => {
  it("takes any part of 3 characters or more, trimmed and as typed", () => {
    for (const part of ["smith@", "example.com", "jsmi", "Owing@Demo.Ridgeline.test", "a%_", "%%%"]) {
      expect(parseSearch(form({ email: ` ${part} ` })), part).toEqual({ ok: true, search: { by: "email", part } });
    }
  });

  it("refuses a part under 3 characters", () => {
    for (const part of ["a", "ab", "  ab  ", "@."]) {
      expect(parseSearch(form({ email: part })), part).toEqual({
        ok: false,
        errors: { email: "Enter at least 3 characters of the e-mail address." },
      });
    }
  });
});
