/**
 * Texts of the Gosuslugi feedback platform (ПОС) block on /appeals, shown only when the server
 * has POS_WIDGET_ID. An appeal sent there is signed in with Gosuslugi, which identifies the
 * citizen: the text says so, since our own form below asks for no such sign-in.
 */
export const posWidgetTexts = {
  title: "Обращение через Госуслуги",
  text: "Обращение можно направить через платформу обратной связи портала Госуслуг. Для этого нужно войти на портал: вход через Госуслуги подтверждает личность заявителя, и ответ придёт в личный кабинет. Если удобнее, воспользуйтесь формой ниже — она не требует входа.",
  button: "Написать через Госуслуги",
} as const;
