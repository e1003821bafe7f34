/**
 * At most this many acknowledgements to one address (one e-mail key, however it is written:
 * email-key.ts) in one Kirov day. Anyone can type anyone's address into the form: the limit keeps
 * the form from becoming a way to flood a stranger's mailbox. The appeals beyond it are still
 * stored; only their acknowledgement is withheld, and the appeal says so (decision 0041).
 */
export const acknowledgementLimit = { perAddress: 5 } as const;

/** Who the audit log names for what the site did by itself. */
export const siteActor = "сайт";

/**
 * How the appeal's history shows an acknowledgement withheld by the cap: a line by the site at the
 * appeal's moment. Kept as a mark on the appeal itself, not as a row of the audit table, so an
 * appeal past the cap writes no more than one that is acknowledged (decision 0041).
 */
export const withheldAcknowledgement = {
  action: "acknowledgement-withheld",
  details: `подтверждение автору не отправлено: на этот адрес в этот день (по кировскому времени) уже отправлено ${acknowledgementLimit.perAddress} подтверждений`,
} as const;
