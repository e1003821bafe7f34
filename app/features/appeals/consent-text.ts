import { personalDataPolicy } from "../../../content/documents.ts";

/**
 * The consent to personal-data processing shown beside the appeal form's checkbox. The server
 * stores `consentTextVersion` with each appeal (152-ФЗ: proof of what the citizen agreed to).
 * Change the version whenever the text or the policy document changes.
 */
export const consentText =
  "Я даю согласие на обработку моих персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных»";

export const consentTextVersion = "2026-11-22";

/** The personal-data processing policy the consent text links to (a checked content document). */
export const personalDataPolicyHref = personalDataPolicy.href;
