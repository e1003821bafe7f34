/**
 * The consent to personal-data processing shown beside the appeal form's checkbox. The server
 * stores `consentTextVersion` with each appeal (152-ФЗ: proof of what the citizen agreed to).
 * Change the version whenever the text or the policy document it links to changes.
 */
export const consentText =
  "Я даю согласие на обработку моих персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных»";

export const consentTextVersion = "2026-11-22";
