import { z } from 'zod';

/** Upload limits (DESIGN.md section 7). */
export const uploadLimits = {
  /** Documents and CSV rosters. */
  fileBytes: 10 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  rosterBytes: 2 * 1024 * 1024,
  filesPerRequest: 20,
  rosterRows: 20_000,
} as const;

export const imageExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const documentExtensions = [...imageExtensions, 'pdf', 'csv', 'txt', 'doc', 'docx', 'xls', 'xlsx'] as const;

/** The folder of the documents call that imports a hotel guest roster (clientId = hotel id). */
export const rosterFolderId = 'hotelRoster';

/** One file's outcome (spec section 3, "Uploaded document"): status 1 is success. */
export const UploadedDocument = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  statusReason: z.string(),
});
export type UploadedDocument = z.infer<typeof UploadedDocument>;

/** POST /fileUpload. */
export const FileUploadResponse = z.object({ documents: z.array(UploadedDocument) });
export type FileUploadResponse = z.infer<typeof FileUploadResponse>;

/** POST /file-upload and /image-upload. */
export const NewFileNameResponse = z.object({ newFileName: z.string(), url: z.string() });
export type NewFileNameResponse = z.infer<typeof NewFileNameResponse>;

/** POST /fileUpdate: status 1, or 0 with details ('Update Failed!' on the client). */
export const FileUpdateResponse = z.object({ status: z.number().int(), details: z.string().optional() });
export type FileUpdateResponse = z.infer<typeof FileUpdateResponse>;

/** POST /tinymceFileUpload: where the editor finds the image. */
export const TinymceUploadResponse = z.object({ location: z.string() });
export type TinymceUploadResponse = z.infer<typeof TinymceUploadResponse>;
