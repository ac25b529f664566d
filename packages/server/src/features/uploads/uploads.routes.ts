import multipart from '@fastify/multipart';
import { ErrorResponse } from '@sandbar/contract/common';
import {
  FileUpdateResponse,
  FileUploadResponse,
  NewFileNameResponse,
  TinymceUploadResponse,
  uploadLimits,
} from '@sandbar/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../plugins/auth';
import { forbidden } from '../../platform/errors';
import { findSessionUser } from '../auth/auth.service';
import {
  type IncomingForm,
  documentsRename,
  documentsUpload,
  editorImageUpload,
  readStored,
  recordUpload,
} from './uploads.service';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  406: ErrorResponse,
  413: ErrorResponse,
};

// Plain users upload nothing; which role a call needs beyond that depends on its fields
// (the table or folder), checked by the service once the form is read.
const guard = async (request: FastifyRequest) => {
  if (request.user.userType === 'U') throw forbidden('Your role does not allow uploads.');
};

/** Reads a multipart form: text fields and files, each file cut off (and flagged) at the limit. */
async function readForm(request: FastifyRequest): Promise<IncomingForm> {
  const form: IncomingForm = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      form.files.push({
        fieldName: part.fieldname,
        fileName: part.filename.replace(/^.*[/\\]/, '').trim() || 'file',
        data,
        tooLarge: part.file.truncated,
      });
    } else {
      form.fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return form;
}

/** Uploads (spec section 7): multipart calls with size and type limits and random stored names. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: uploadLimits.fileBytes + 1,
      files: uploadLimits.filesPerRequest + 1,
      fields: 1100,
      fieldSize: 10_000,
    },
  });

  const multipartDoc = { tags: ['uploads'], consumes: ['multipart/form-data'] };

  app.post(
    '/file-upload',
    {
      preValidation: guard,
      schema: {
        ...multipartDoc,
        summary: 'A file for a record (name, id, tableName, files)',
        response: { 200: NewFileNameResponse, ...errors },
      },
    },
    async (request) => recordUpload(app.deps, request.user, await readForm(request), 'file'),
  );
  app.post(
    '/image-upload',
    {
      preValidation: guard,
      schema: {
        ...multipartDoc,
        summary: 'An image for a record (name, id, tableName, files)',
        response: { 200: NewFileNameResponse, ...errors },
      },
    },
    async (request) => recordUpload(app.deps, request.user, await readForm(request), 'image'),
  );
  app.post(
    '/fileUpload',
    {
      preValidation: guard,
      schema: {
        ...multipartDoc,
        summary:
          "Documents for a client's folder (clientId, folderId, fullPath, files); folder hotelRoster imports a guest roster",
        response: { 200: FileUploadResponse, ...errors },
      },
    },
    async (request) => documentsUpload(app.deps, request.user, await readForm(request)),
  );
  app.post(
    '/fileUpdate',
    {
      preValidation: guard,
      schema: {
        ...multipartDoc,
        summary: 'Rename documents (clientId, file{n}Name, file{n}ID, filesLength)',
        response: { 200: FileUpdateResponse, ...errors },
      },
    },
    async (request) => documentsRename(app.deps, request.user, await readForm(request)),
  );
  app.post(
    '/tinymceFileUpload',
    {
      preValidation: guard,
      schema: {
        ...multipartDoc,
        summary: 'An image for the rich-text editor',
        response: { 200: TinymceUploadResponse, ...errors },
      },
    },
    async (request) => editorImageUpload(app.deps, request.user, await readForm(request)),
  );

  app.get(
    '/uploads/:storedName',
    {
      config: { public: true },
      schema: {
        tags: ['uploads'],
        summary: 'A stored file by its random name (images public, documents need sign-in)',
        params: z.object({ storedName: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const found = await readStored(app.deps, request.params.storedName);
      if (!found) return reply.status(404).send({ details: 'No such file.' });
      if (!found.public) {
        const token = bearerToken(request);
        const user = token ? await findSessionUser(app.deps, token) : null;
        if (!user) return reply.status(401).send({ details: 'Please sign in.' });
        if (user.userType === 'U') return reply.status(403).send({ details: 'Your role does not allow this.' });
      }
      return reply
        .header('content-type', found.row.mime_type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header(
          'content-disposition',
          `${found.public ? 'inline' : 'attachment'}; filename="${found.row.file_name.replace(/[^\w. -]/g, '_')}"`,
        )
        .send(found.data);
    },
  );
};
