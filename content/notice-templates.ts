/**
 * The legal notices mailed to the author of an appeal from the registry, one per case the law
 * names. The organisation may reword them here; the placeholders in braces are filled in when the
 * mail is built (server/mail/notice-mail.ts):
 *   {number}          the registration number, А-2026-000123
 *   {receivedOn}      the day the appeal was received, 24.11.2026
 *   {registeredOn}    the day it was registered
 *   {organisation}    the organisation's full name
 *   {forwardedTo}     the body it was forwarded to; {forwardedOn} the day
 *   {answerDue}       the last day of the (extended) answer term; {extensionReason} why
 *   {answeredOn}      the day an answer was sent; {outgoingNumber} its outgoing number
 * `answerMailTemplate` (at the end) frames the answers staff write and send from the registry.
 * A placeholder not in this list is an error the tests catch.
 */
export const noticeKinds = [
  "forwarded",
  "extended",
  "meaning_unclear",
  "abusive",
  "unreadable",
  "repeated",
] as const;

export type NoticeKind = (typeof noticeKinds)[number];

export function isNoticeKind(value: string): value is NoticeKind {
  return (noticeKinds as readonly string[]).includes(value);
}

export const noticePlaceholders = [
  "number",
  "receivedOn",
  "registeredOn",
  "organisation",
  "forwardedTo",
  "forwardedOn",
  "answerDue",
  "extensionReason",
  "answeredOn",
  "outgoingNumber",
] as const;

export type NoticePlaceholder = (typeof noticePlaceholders)[number];

const law =
  "Федерального закона от 02.05.2006 № 59-ФЗ «О порядке рассмотрения обращений граждан Российской Федерации»";

/** What each notice is, as the registry lists the mails to the author. */
export const noticeLabels: Record<NoticeKind, string> = {
  forwarded: "Уведомление о направлении по компетенции",
  extended: "Уведомление о продлении срока",
  meaning_unclear: "Уведомление: невозможно определить суть обращения",
  abusive: "Уведомление: недопустимые выражения",
  unreadable: "Уведомление: текст не поддаётся прочтению",
  repeated: "Уведомление о прекращении переписки",
};

export const noticeTemplates: Record<NoticeKind, { subject: string; body: string }> = {
  // Article 8 part 3: forwarded to the body whose competence the question is.
  forwarded: {
    subject: "Обращение № {number} направлено по компетенции",
    body: `Ваше обращение № {number}, поступившее {receivedOn}, содержит вопросы, решение которых не входит в компетенцию учреждения «{organisation}».

В соответствии с частью 3 статьи 8 ${law} {forwardedOn} обращение направлено для рассмотрения по компетенции: {forwardedTo}. Ответ на него вы получите оттуда.`,
  },
  // Article 12 part 2: the answer term extended once, by at most 30 days.
  extended: {
    subject: "Срок рассмотрения обращения № {number} продлён",
    body: `В соответствии с частью 2 статьи 12 ${law} срок рассмотрения вашего обращения № {number}, поступившего {receivedOn}, продлён до {answerDue}.

Причина продления: {extensionReason}.`,
  },
  // Article 11 part 4.1: the meaning of the appeal cannot be determined.
  meaning_unclear: {
    subject: "Обращение № {number}: ответ по существу не может быть дан",
    body: `Из вашего обращения № {number}, поступившего {receivedOn}, невозможно определить суть предложения, заявления или жалобы.

В соответствии с частью 4.1 статьи 11 ${law} ответ на такое обращение не даётся и оно не направляется на рассмотрение в другой орган. Вы можете направить обращение повторно, изложив в нём суть вопроса.`,
  },
  // Article 11 part 3: obscene or insulting language, threats.
  abusive: {
    subject: "Обращение № {number} оставлено без ответа по существу",
    body: `Ваше обращение № {number}, поступившее {receivedOn}, содержит нецензурные либо оскорбительные выражения, угрозы жизни, здоровью и имуществу должностного лица, а также членов его семьи.

В соответствии с частью 3 статьи 11 ${law} обращение оставлено без ответа по существу поставленных в нём вопросов. Сообщаем о недопустимости злоупотребления правом.`,
  },
  // Article 11 part 4: the text cannot be read.
  unreadable: {
    subject: "Обращение № {number}: текст не поддаётся прочтению",
    body: `Текст вашего обращения № {number}, поступившего {receivedOn}, не поддаётся прочтению.

В соответствии с частью 4 статьи 11 ${law} ответ на такое обращение не даётся и оно не направляется на рассмотрение в другой орган. Вы можете направить обращение повторно.`,
  },
  // Article 11 part 5: a question already answered several times; correspondence ended.
  repeated: {
    subject: "Обращение № {number}: переписка по вопросу прекращена",
    body: `В вашем обращении № {number}, поступившем {receivedOn}, содержится вопрос, на который вам ранее неоднократно давались письменные ответы по существу, и в нём не приводятся новые доводы или обстоятельства.

В соответствии с частью 5 статьи 11 ${law} принято решение о безосновательности очередного обращения и прекращении переписки с вами по данному вопросу.`,
  },
};

/**
 * The frame of an answer mailed from the registry: its subject, the line before staff's text, the
 * line naming the outgoing number (left out when there is none) and the line before the list of
 * attached files. Staff's own text goes between them as written.
 */
export const answerMailTemplate = {
  subject: "Ответ на обращение № {number} от {receivedOn}",
  lead: "Ответ на ваше обращение № {number}, поступившее {receivedOn}.",
  outgoing: "Исх. № {outgoingNumber} от {answeredOn}.",
  attachments: "Приложения:",
} as const;
