/**
 * The personal-data pages (152-ФЗ art. 18.1 p.2, issue 29): the operator's policy as HTML and the
 * consent as a document of its own. The seed has the policy only as a sample PDF of three
 * sentences; the page says what is known from the seed and links the PDF, and adds the measures
 * the system itself really takes (nothing more is invented as legal text). The policy's three
 * sections are section texts staff edit and publish (the editable page `privacy`); the PDF link
 * and the consent are the build's: the consent's text is versioned with every appeal.
 */
import {
  standardListCitation,
  storageTermArticles,
  storageTermLabels,
  termEnd,
} from "../domain/archive/storage-terms.ts";
import type { SectionTextsContent } from "../domain/site-content/section-texts-content.ts";
import { organisation } from "./organisation.ts";
import { personalDataPaths } from "./personal-data-policy.ts";

export { personalDataPaths } from "./personal-data-policy.ts";

const measures = [
  "Согласие на обработку сохраняется вместе с обращением: когда оно дано, с какого адреса и с каким текстом согласия (его версия).",
  "Сайт работает по защищённому протоколу HTTPS: данные формы передаются в зашифрованном виде.",
  "Журналы работы сервера не содержат персональных данных: в них попадают только номера обращений и служебные сведения.",
  "Обращения хранятся и уничтожаются по правилам архивного дела (см. «Сколько хранятся обращения»): ничего из обращения не удаляется без утверждённого акта.",
  "Ежедневно делается резервная копия хранилища обращений.",
  "Обращения доступны только сотрудникам учреждения после входа по паролю; исполнитель видит лишь порученные ему обращения; действия сотрудников записываются в журнал.",
];

/** The policy's sections as the build publishes them, in the site's small markup. */
export const defaultPersonalDataTexts: SectionTextsContent = {
  sections: [
    {
      id: "policy",
      text: [
        // The sample notice the «Что заполнить» list names until the real policy is published.
        "Образец: полный текст политики будет размещён учреждением. Ниже — то, что известно сейчас.",
        `Оператор персональных данных — ${organisation.fullName}, ${organisation.address}.`,
        // From the seed's PDF.
        "Политика определяет, какие персональные данные обрабатывает учреждение, с какой целью и как их защищает, в соответствии с Федеральным законом от 27.07.2006 №\u00a0152-ФЗ «О\u00a0персональных данных».",
        "Данные, указанные в обращении гражданина, используются только для его регистрации, рассмотрения и ответа.",
      ].join("\n\n"),
    },
    {
      id: "collected",
      text: [
        "Форма обращения граждан: имя, фамилия, адрес электронной почты, телефон, регион (по желанию) и текст обращения. Других форм, собирающих персональные данные, на сайте нет.",
        `Перед отправкой обращения автор даёт [согласие на обработку персональных данных](${personalDataPaths.consent}).`,
      ].join("\n\n"),
    },
    { id: "measures", text: measures.map((measure) => `- ${measure}`).join("\n") },
  ],
};

/** The policy's sections by id, as the page heads them and the editor names them. */
export const personalDataSectionTitles: Record<string, string> = {
  policy: "Оператор и цели обработки",
  collected: "Какие данные собирает сайт",
  measures: "Как защищаются данные",
};

export const personalDataPage = {
  pdfTitle: "Документ",
  consentTitle: "Согласие на обработку персональных данных",
  consentVersion: "Версия текста согласия",
  consentLead:
    "Этот текст согласия отмечает автор обращения в форме обращения; вместе с обращением сохраняется версия текста, с которой он согласился.",
} as const;

/** A closing year to show how a term is counted: its end is computed by the archive's rules. */
const exampleClosingYear = 2026;

function lastDayOf(day: string): string {
  return `31 декабря ${day.slice(0, 4)} года`;
}

/**
 * How long an appeal's case is kept (issue 45, decision 0064), worded from the archive's rules in
 * domain/archive/storage-terms.ts: the terms' labels, the list's articles and citation, the
 * counted end. Not a text staff edit, so the page cannot promise a term the registry does not keep.
 */
export const storageTermsSection = {
  title: "Сколько хранятся обращения",
  lead: "Обращения, приложенные к ним файлы, ответы и уведомления хранятся как дела по обращениям граждан, в одном из двух сроков:",
  terms: [
    `«${storageTermLabels.permanent}» (${storageTermArticles.permanent}) — обращения с предложениями по вопросам деятельности учреждения, сообщениями о существенных недостатках, злоупотреблениях и о фактах коррупции;`,
    `«${storageTermLabels["five-years-epk"]}» (${storageTermArticles["five-years-epk"]}) — остальные обращения; отметка «ЭПК» означает, что перед уничтожением экспертная комиссия решает, не нужно ли хранить дело дольше.`,
  ],
  paragraphs: [
    `Сроки установлены документом: ${standardListCitation}.`,
    `Срок считается с 1 января года, следующего за годом, в котором рассмотрение обращения завершено (дан ответ, обращение направлено по подведомственности или оставлено без ответа): дело, завершённое в ${exampleClosingYear} году, хранится до ${lastDayOf(termEnd("five-years-epk", `${exampleClosingYear}-12-31`) ?? "")} включительно.`,
    `Дела со сроком «${storageTermLabels.permanent}» не уничтожаются. Дело со сроком «${storageTermLabels["five-years-epk"]}» по истечении срока уничтожается только по акту о выделении к уничтожению документов, не подлежащих хранению: акт рассматривает экспертная комиссия учреждения и утверждает руководитель. Сам акт хранится постоянно; в нём указаны регистрационный номер, дата и тема каждого обращения, персональных данных в нём нет. Уничтоженное дело остаётся в резервных копиях хранилища, пока они не заменятся новыми.`,
    "Федеральный закон от 27.07.2006 №\u00a0152-ФЗ «О\u00a0персональных данных» (часть 7 статьи 5) позволяет хранить персональные данные столько, сколько требует федеральный закон: Федеральный закон от 22.10.2004 №\u00a0125-ФЗ «Об\u00a0архивном деле в Российской Федерации» (часть 1 статьи 17) обязывает хранить документы в сроки, установленные перечнями документов, в том числе указанным выше.",
  ],
} as const;
