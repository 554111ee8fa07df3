import { IsIn, IsInt, IsString } from 'class-validator';

/** What `billing_invoices_pdf`, `billing_nfes_pdf` and `billing_nfes_xml` answer: never the bytes. */
export class DocumentView {
  @IsIn(['application/pdf', 'application/xml'])
  content_type!: 'application/pdf' | 'application/xml';

  /** Bytes the path serves. */
  @IsInt()
  size!: number;

  /** The `/api/v1` route on this host that serves them, with a token issued for the API. */
  @IsString()
  path!: string;
}

/** A rendered document: its view and its bytes. */
export interface RenderedDocument {
  view: DocumentView;
  bytes: Buffer;
}

/** The view of `bytes` served at `path`. */
export function renderedDocument(contentType: DocumentView['content_type'], path: string, bytes: Buffer): RenderedDocument {
  return { view: { content_type: contentType, size: bytes.length, path }, bytes };
}
