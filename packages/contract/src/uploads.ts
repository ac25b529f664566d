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

// ---------- the forms (multipart/form-data), as the OpenAPI document shows them ----------

/** A file part of a form. */
const UploadFile = z.string().meta({ format: 'binary' });
/** A stored file's random name, as the upload calls answer it. */
export const StoredName = z.string().regex(/^[A-Za-z0-9_-]{20,64}\.[a-z0-9]{1,5}$/, { error: 'No such file.' });

/** POST /file-upload and /image-upload (spec section 7: name, id, tableName, files): one file. */
export const RecordUploadForm = z.object({
  name: z.string().max(100).optional().describe("the record's field"),
  id: z.string().max(100).optional().describe("the record's id"),
  tableName: z.string().max(100).optional().describe('the screen the record belongs to (prices, hotels, …)'),
  files: UploadFile.describe('the file'),
});
/** POST /fileUpload (clientId, folderId, fullPath, files): up to `uploadLimits.filesPerRequest` files. */
export const DocumentsUploadForm = z.object({
  clientId: z.string().max(100).optional().describe('whose folder; the hotel id for the hotelRoster folder'),
  folderId: z.string().max(100).optional().describe(`the folder; "${rosterFolderId}" imports a guest roster CSV`),
  fullPath: z.string().max(500).optional(),
  files: z.array(UploadFile).min(1).max(uploadLimits.filesPerRequest),
});
/** POST /fileUpdate (clientId, file{n}Name, file{n}ID, filesLength): the names chosen for documents. */
export const FileUpdateForm = z
  .object({
    clientId: z.string().max(100).optional(),
    filesLength: z
      .string()
      .regex(/^(?:[0-9]|[1-9]\d|[1-4]\d{2}|500)$/)
      .optional()
      .describe('how many file{n}ID / file{n}Name pairs follow (0 when left out)'),
  })
  .catchall(z.string().max(255).describe('file{n}ID: a document id; file{n}Name: its new name'));
/** POST /tinymceFileUpload: an image for the rich-text editor. */
export const EditorImageForm = z.object({ file: UploadFile.describe('the image') });
