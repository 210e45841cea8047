/**
 * Agreements (issue 40, item 6): versioned documents (partner terms, an NDA) every partner's user accepts. Publishing a
 * new version asks each of them again; each acceptance records who, for which partner, which version, when and from
 * which address. A version's body is plain text (shown with its line breaks), never HTML.
 */

export const AGREEMENT_NAME_MAX = 200;
export const AGREEMENT_BODY_MAX = 50_000;

/** One published version of an agreement: its texts in both languages, frozen once published. */
export interface AgreementVersionDto {
  id: string;
  agreementId: string;
  /** 1 for the first version, then one more for each publish. */
  versionNumber: number;
  bodyEn: string;
  bodyVi: string;
  publishedAt: string;
  publishedBy: string | null;
  publishedByName: string | null;
  /** How many users accepted this version. */
  acceptedCount: number;
}

/** An agreement the signed-in user has still to accept: its newest version, which they have not accepted. */
export interface PendingAgreementDto {
  agreementId: string;
  nameEn: string;
  nameVi: string;
  versionId: string;
  versionNumber: number;
  bodyEn: string;
  bodyVi: string;
  publishedAt: string;
  /** They accepted an earlier version: the text changed since. */
  acceptedBefore: boolean;
}

/** One user's acceptance of one version (the staff's list of who accepted what). */
export interface AgreementAcceptanceDto {
  id: string;
  agreementId: string;
  agreementName: string;
  agreementNameVi: string;
  versionId: string;
  versionNumber: number;
  userId: string;
  userName: string;
  userEmail: string;
  partnerId: string;
  partnerName: string;
  acceptedAt: string;
  /** The client address the acceptance came from. */
  clientAddress: string;
}

/** The acceptance's answer: the acceptance, and whether it was recorded now or already stood (a retry). */
export interface AgreementAcceptedDto {
  acceptance: AgreementAcceptanceDto;
  alreadyAccepted: boolean;
}
