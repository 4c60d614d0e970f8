export interface LegalSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** The address for privacy and legal questions; replace with the operator's real mailbox. */
export const LEGAL_CONTACT_EMAIL = 'privacy@bullpen.example';
