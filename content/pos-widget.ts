/**
 * Texts of the Gosuslugi feedback platform (ПОС) block on /appeals, shown only when the server
 * has POS_WIDGET_ID. An appeal sent there is signed in with Gosuslugi, which identifies the
 * citizen: the text says so, since our own form below asks for no such sign-in.
 */
export const posWidgetTexts = {
  title: "Обращение через Госуслуги",
  text: "Обращение можно направить через платформу обратной связи портала Госуслуг. Для этого нужно войти на портал: вход через Госуслуги подтверждает личность заявителя, и ответ придёт в личный кабинет. Если удобнее, воспользуйтесь формой ниже — она не требует входа.",
  button: "Написать через Госуслуги",
  /** The same form as a page of its own: for browsers without JavaScript, or when the button cannot start. */
  link: "Написать через Госуслуги (откроется сайт портала)",
} as const;

/**
 * Near our own form on /appeals, with or without the widget: which channel identifies the citizen
 * (since 30.03.2025, 547-ФЗ) and what becomes of an appeal sent through our form. The organisation
 * may reword it.
 */
export const appealChannelNote =
  "Форма ниже не подтверждает личность заявителя: отправленное через неё обращение будет зарегистрировано и рассмотрено, ответ придёт на указанный адрес электронной почты. Обращение, направленное через портал Госуслуг со входом в личный кабинет, подтверждает личность заявителя (Федеральный закон № 547-ФЗ, с 30 марта 2025 года).";
