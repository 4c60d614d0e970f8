/**
 * A legal document as its catalogue (namespace `legal`) holds it: keyed sections, paragraphs
 * and bullets in reading order (objects, not arrays, so the key check covers every sentence).
 */
export interface LegalSection {
  heading: string;
  paragraphs: Record<string, string>;
  bullets?: Record<string, string>;
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: Record<string, LegalSection>;
}

/** The address for privacy and legal questions; replace with the operator's real mailbox. */
export const LEGAL_CONTACT_EMAIL = 'privacy@bullpen.example';
