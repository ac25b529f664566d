import multipart from '@fastify/multipart';
import {
  DocumentsUploadForm,
  EditorImageForm,
  FileUpdateForm,
  FileUpdateResponse,
  FileUploadResponse,
  NewFileNameResponse,
  RecordUploadForm,
  StoredName,
  TinymceUploadResponse,
  uploadLimits,
} from '@sandbar/contract/uploads';
import { canAccess } from '@sandbar/contract/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../plugins/auth';
import { findSessionUser } from '../auth/auth.service';
import { type FormLimits, type IncomingForm, withForm } from './incoming';
import {
  areaOfUpload,
  documentsRename,
  documentsUpload,
  editorImageUpload,
  incomingDir,
  readStored,
  recordUpload,
  sweepIncoming,
  tooLargeText,
} from './uploads.service';
import { errorsOf } from '../../plugins/openapi';

// Plain users upload nothing; which role a call needs beyond that depends on its fields
// (the table or folder), checked by the service once the form is read.
const uploadsForbidden = 'Your role does not allow uploads.';

/** What each upload call takes: files per form and bytes per file (decision 030). */
const one = (maxBytes: number) => ({
  maxFiles: 1,
  maxBytes,
  refuseTooLarge: true,
  tooLargeText: tooLargeText(maxBytes),
});
const limitsOf = {
  record: one(uploadLimits.fileBytes),
  image: one(uploadLimits.imageBytes),
  // Documents of a folder: each file gets its own outcome, an oversized one is flagged, not fatal.
  documents: {
    maxFiles: uploadLimits.filesPerRequest,
    maxBytes: uploadLimits.fileBytes,
    refuseTooLarge: false,
    tooLargeText: tooLargeText(uploadLimits.fileBytes),
  },
  none: { maxFiles: 0, maxBytes: 0, refuseTooLarge: true, tooLargeText: tooLargeText(0) },
};

/** Uploads (spec section 7): multipart calls with size and type limits and random stored names. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    const removed = await sweepIncoming(app.deps).catch((err: Error) => {
      app.log.warn({ err }, 'could not sweep the uploads being received');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'removed uploads left half-received by an earlier stop');
  });
  // Each call reads its form with its own limits (incoming.ts): files stream to disk, one at a time.
  await app.register(multipart, { throwFileSizeLimit: false });
  const form = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    limits: Omit<FormLimits, 'tmpDir'>,
    use: (f: IncomingForm) => Promise<T>,
  ) => withForm(request, reply, { ...limits, tmpDir: incomingDir(app.deps) }, use);

  const multipartDoc = { tags: ['uploads'], consumes: ['multipart/form-data'] };

  app.post(
    '/file-upload',
    {
      config: { access: 'uploads', forbiddenText: uploadsForbidden },
      schema: {
        ...multipartDoc,
        summary: 'A file for a record (name, id, tableName, files)',
        multipartBody: RecordUploadForm,
        response: { 200: NewFileNameResponse, ...errorsOf(403, 406) },
      },
    },
    async (request, reply) =>
      form(request, reply, limitsOf.record, (f) => recordUpload(app.deps, request.user, f, 'file')),
  );
  app.post(
    '/image-upload',
    {
      config: { access: 'uploads', forbiddenText: uploadsForbidden },
      schema: {
        ...multipartDoc,
        summary: 'An image for a record (name, id, tableName, files)',
        multipartBody: RecordUploadForm,
        response: { 200: NewFileNameResponse, ...errorsOf(403, 406) },
      },
    },
    async (request, reply) =>
      form(request, reply, limitsOf.image, (f) => recordUpload(app.deps, request.user, f, 'image')),
  );
  app.post(
    '/fileUpload',
    {
      config: { access: 'uploads', forbiddenText: uploadsForbidden },
      schema: {
        ...multipartDoc,
        summary:
          "Documents for a client's folder (clientId, folderId, fullPath, files); folder hotelRoster imports a guest roster",
        multipartBody: DocumentsUploadForm,
        response: { 200: FileUploadResponse, ...errorsOf(403, 406) },
      },
    },
    async (request, reply) =>
      form(request, reply, limitsOf.documents, (f) => documentsUpload(app.deps, request.user, f)),
  );
  app.post(
    '/fileUpdate',
    {
      config: { access: 'uploads', forbiddenText: uploadsForbidden },
      schema: {
        ...multipartDoc,
        summary: 'Rename documents (clientId, file{n}Name, file{n}ID, filesLength)',
        multipartBody: FileUpdateForm,
        response: { 200: FileUpdateResponse, ...errorsOf(403, 404, 406) },
      },
    },
    async (request, reply) => form(request, reply, limitsOf.none, (f) => documentsRename(app.deps, request.user, f)),
  );
  app.post(
    '/tinymceFileUpload',
    {
      config: { access: 'uploads', forbiddenText: uploadsForbidden },
      schema: {
        ...multipartDoc,
        summary: 'An image for the rich-text editor',
        multipartBody: EditorImageForm,
        response: { 200: TinymceUploadResponse, ...errorsOf(403, 406) },
      },
    },
    async (request, reply) => form(request, reply, limitsOf.image, (f) => editorImageUpload(app.deps, request.user, f)),
  );

  app.get(
    '/uploads/:storedName',
    {
      config: { access: 'public', optionalAuth: true },
      schema: {
        tags: ['uploads'],
        summary: 'A stored file by its random name (images public, documents need sign-in)',
        params: z.object({ storedName: StoredName }),
        response: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorsOf(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const found = await readStored(app.deps, request.params.storedName);
      if (!found) return reply.status(404).send({ details: 'No such file.' });
      if (!found.public) {
        const token = bearerToken(request);
        const user = token ? await findSessionUser(app.deps, token) : null;
        if (!user) return reply.status(401).send({ details: 'Please sign in.' });
        // A document is for the roles of the screen it belongs to (an admin-only folder, a price
        // list's file): the same rule as uploading it (decision 030).
        if (!canAccess(user.userType, areaOfUpload(found.row)))
          return reply.status(403).send({ details: 'Your role does not allow this.' });
      }
      return reply
        .header('content-type', found.row.mime_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header(
          'content-disposition',
          `${found.public ? 'inline' : 'attachment'}; filename="${found.row.file_name.replace(/[^\w. -]/g, '_')}"`,
        )
        .send(found.data as never);
    },
  );
};
