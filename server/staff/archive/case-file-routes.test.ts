// The case file's downloads through the staff door (issue 45): a head gets the ZIP of a case and
// of a closing year with their names; a registrar, an executor, an administrator and an editor
// get 404 as for an unknown case or year, and no one signed out gets past the sign-in.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { unzipSync } from "fflate";
import { type SignedInTeam, startSignedInTeam } from "../../../tests/support/signed-in-team.ts";
import { storeAppealIn } from "../../../tests/support/staff-fixtures.ts";
import { StaffClient } from "../../../tests/support/staff-test-app.ts";
import { browserStores } from "../../../tests/support/test-databases.ts";

for (const kind of browserStores) {
  describe(`the case file's downloads on ${kind.name}`, () => {
    let team: SignedInTeam;
    let appealId = "";
    before(async () => {
      team = await startSignedInTeam(kind, {
        anna: { role: "head" },
        rita: { role: "registrar" },
        ivan: { role: "executor" },
        adam: { role: "admin" },
        eda: { role: "editor" },
      });
      const { id } = await storeAppealIn(team.site.data, new Date("2026-03-02T08:00:00Z"), {
        state: "answered",
        registered_on: "2026-03-03",
        answered_on: "2026-03-20",
        closed_on: "2026-03-20",
      });
      appealId = id;
    });
    after(() => team.close());

    test("a head downloads a case and a year as ZIP files", async () => {
      const one = await team.as("anna").get(`/staff/appeals/${appealId}/case.zip`);
      assert.equal(one.statusCode, 200);
      assert.equal(one.headers["content-type"], "application/zip");
      assert.match(String(one.headers["content-disposition"]), /attachment; filename=".*\.zip"/);
      assert.ok(
        Object.keys(unzipSync(one.rawPayload)).some((name) => name.endsWith("00-сводка.html")),
      );
      const year = await team.as("anna").get("/staff/archive/years/2026.zip");
      assert.equal(year.statusCode, 200);
      assert.ok("опись.csv" in unzipSync(year.rawPayload));
    });

    test("anyone else, an unknown case or year: 404", async () => {
      for (const login of ["rita", "ivan", "adam", "eda"]) {
        const one = await team.as(login).get(`/staff/appeals/${appealId}/case.zip`);
        assert.equal(one.statusCode, 404, login);
        assert.equal((await team.as(login).get("/staff/archive/years/2026.zip")).statusCode, 404);
      }
      const anna = team.as("anna");
      assert.equal((await anna.get("/staff/archive/years/2019.zip")).statusCode, 404);
      const unknown = "0190c3f4-0000-7000-8000-000000000000";
      assert.equal((await anna.get(`/staff/appeals/${unknown}/case.zip`)).statusCode, 404);
      const signedOut = await new StaffClient(team.site.app).get("/staff/archive/years/2026.zip");
      assert.equal(signedOut.statusCode, 303);
    });
  });
}
