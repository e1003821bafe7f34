// What a citizen reads follows the published contacts (issue 43), on both stores: after a head
// publishes a new phone, e-mail and address through the staff form, the next acknowledgement
// mail (a real SMTP server) is signed with them, by the server that published and by a second
// server on the same store once it shows them; a map point outside Kirov region is refused with
// the field named; a point inside is the /contacts map's, its link's and the JSON-LD's.
// Needs `npm run build`.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { defaultContacts } from "../../content/contacts.ts";
import type { ShownContacts } from "../../domain/site-content/contacts-content.ts";
import { contactFormFields, contactFormValues } from "../../domain/site-content/contacts-form.ts";
import type { MailConfig } from "../../server/mail/mail-config.ts";
import { testPasswordHash } from "../support/staff-fixtures.ts";
import { StaffHttpBrowser } from "../support/staff-http.ts";
import { postAppeal } from "../support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../support/test-databases.ts";
import {
  createTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from "../support/test-smtp-server.ts";
import { waitUntil } from "../support/wait-until.ts";
import { type RunningSite, startSite } from "./harness.ts";

const password = "correct horse battery staple";
/** The second server compares the published versions every 200 ms (SQLite has no notices). */
const publishHeartbeatMs = 100;

/** Mail through `smtp`, from an address that names the server that composed it. */
const mailFrom = (smtp: TestSmtpServer, server: string): MailConfig => ({
  smtpUrl: smtp.url,
  notifyTo: ["priemnaya@example.ru"],
  from: `Сайт <noreply@${server}.example>`,
  retry: { firstWaitMs: 100, maxAttempts: 10 },
  leaseMs: 60_000,
  connections: 2,
});

/** A head's contacts form published through `site`, as the browser posts it. */
async function publishContacts(
  site: RunningSite,
  change: Partial<ShownContacts>,
  typed: Record<string, string> = {},
) {
  const head = new StaffHttpBrowser(site.baseUrl);
  await head.signIn("hanna", password);
  await head.get("/staff/site/contacts");
  const fields = contactFormFields(contactFormValues({ ...defaultContacts, ...change }));
  return head.post("/staff/site/contacts", { ...fields, ...typed, intent: "publish" });
}

/** The acknowledgement of the appeal numbered `number`, once it has arrived. */
const acknowledgementOf = (smtp: TestSmtpServer, number: string) =>
  waitUntil(
    `the acknowledgement of ${number}`,
    () => smtp.received.find((mail) => mail.subject === `Обращение № ${number} получено`),
    10_000,
  );

/** The signature's lines as both parts of the mail carry them. */
function assertSignedWith(mail: ReceivedMail, contacts: Pick<ShownContacts, "phone" | "email">) {
  for (const body of [mail.text ?? "", mail.html ?? ""]) {
    assert.ok(body.includes(`Телефон: ${contacts.phone}`), body);
    assert.ok(body.includes(`Электронная почта: ${contacts.email}`), body);
    assert.ok(!body.includes(defaultContacts.phone), "not the build's phone");
  }
}

for (const kind of testDatabaseKinds) {
  describe(`${kind.name}: the published contacts in the citizen's mails, the map and the JSON-LD`, {
    concurrency: false,
  }, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    const sites: RunningSite[] = [];

    before(async () => {
      database = await kind.create();
      smtp = await createTestSmtpServer();
    });
    after(async () => {
      for (const site of sites) await site.close();
      await smtp?.stop();
      await database?.drop();
    });

    test("the next acknowledgement carries the phone just published, on the server that published", async () => {
      const site = await startSite({
        databaseUrl: database.url,
        mail: mailFrom(smtp, "first"),
        publishHeartbeatMs,
      });
      sites.push(site);
      await site.data.staffAccounts.addUser("hanna", await testPasswordHash(password), new Date(), {
        role: "head",
      });
      const published = {
        phone: "(8332) 71-20-30",
        email: "kancelyariya@agrochem-kirov.example",
        address: "610017, г. Киров, ул. Опытная, д. 7",
      };
      const posted = await publishContacts(site, published);
      assert.equal(posted.status, 303, posted.html.slice(0, 500));

      const { number } = await postAppeal(site, { email: "first@example.ru" });
      const mail = await acknowledgementOf(smtp, number);
      assertSignedWith(mail, published);
      assert.ok(mail.text?.includes(published.address), "the published address");
      assert.match(mail.messageId ?? "", /@first\.example>$/, "composed by the first server");
    });

    test("a second server on the same store signs its next acknowledgement with the new phone", async () => {
      const [first] = sites as [RunningSite];
      // The first server stops sending: the second is the only one composing mail from now on.
      await first.close();
      sites.length = 0;
      const editing = await startSite({ databaseUrl: database.url, publishHeartbeatMs });
      const sending = await startSite({
        databaseUrl: database.url,
        mail: mailFrom(smtp, "second"),
        publishHeartbeatMs,
      });
      sites.push(editing, sending);
      const published = { phone: "(8332) 55-44-33", email: "office@agrochem-kirov.example" };
      const posted = await publishContacts(editing, published);
      assert.equal(posted.status, 303, posted.html.slice(0, 500));
      // The second server heard the publish (a notice on PostgreSQL, the versions' comparison
      // on SQLite) once its page shows it; its mails read the very same contacts.
      await waitUntil(
        "the second server to show the new phone",
        async () =>
          (await (await fetch(`${sending.baseUrl}/contacts`)).text()).includes(published.phone),
        10_000,
        20,
      );
      const { number } = await postAppeal(editing, { email: "second@example.ru" });
      const mail = await acknowledgementOf(smtp, number);
      assertSignedWith(mail, published);
      assert.match(mail.messageId ?? "", /@second\.example>$/, "composed by the second server");
    });

    test("a map point outside Kirov region is refused, the field named; one inside is the map's and the JSON-LD's", async () => {
      const [site] = sites as [RunningSite];
      // Moscow: inside Russia, outside the region.
      const refused = await publishContacts(site, {}, { latitude: "55.7558", longitude: "49.668" });
      assert.notEqual(refused.status, 303);
      assert.match(refused.html, /Широта вне Кировской области/);
      assert.match(
        refused.html,
        /href="#contacts-latitude"[^>]*>[^<]*Широта/,
        "the summary names it",
      );
      assert.match(
        refused.html,
        /id="contacts-latitude"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contacts-latitude"/,
      );
      const notNumber = await publishContacts(site, {}, { latitude: "58.6", longitude: "сорок" });
      assert.match(notNumber.html, /Укажите долготу числом/);

      const posted = await publishContacts(site, {}, { latitude: "58,5894", longitude: "49.6512" });
      assert.equal(posted.status, 303, posted.html.slice(0, 500));
      const html = await (await fetch(`${site.baseUrl}/contacts`)).text();
      const at = "49.651200%2C58.589400";
      assert.ok(html.includes(`https://yandex.ru/map-widget/v1/?ll=${at}&amp;z=16&amp;pt=${at}`));
      assert.ok(html.includes(`https://yandex.ru/maps/?ll=${at}&amp;z=16&amp;pt=${at}`));
      const jsonLd = /<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)?.[1];
      assert.ok(jsonLd, "the page has its JSON-LD");
      const organisation = JSON.parse(jsonLd);
      assert.deepEqual(organisation.location.geo, {
        "@type": "GeoCoordinates",
        latitude: 58.5894,
        longitude: 49.6512,
      });
      assert.equal(organisation.location.hasMap, `https://yandex.ru/maps/?ll=${at}&z=16&pt=${at}`);
      assert.equal(organisation.email, defaultContacts.email);
    });
  });
}
