/**
 * What a public contact form shows beside its fields (the property page, the landing page):
 * client-safe and without zod, so those pages' chunks stay small; the schema is in lead.ts.
 */

/** The text shown next to every public contact form (LGPD: what is done with the data). */
export const LEAD_CONSENT_TEXT =
  "Ao enviar, você concorda que seus dados sejam usados apenas para o corretor responder a este contato, conforme a LGPD. Você pode pedir a exclusão a qualquer momento.";

/** The form's honeypot: a field people never see; a bot that fills it is told "sent" and nothing is kept. */
export const HONEYPOT_FIELD = "website";
