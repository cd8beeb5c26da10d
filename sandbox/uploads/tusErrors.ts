// @tus/server answers failures with a status and a line of plain text. The Create API answers
// every failure with its error envelope and a stable code, so each tus refusal is turned into
// one here, with a message that says what to change.
import { UPLOAD_LIMITS } from '../../shared/limits.ts';
import { ApiError } from '../http/apiError.ts';

const GiB = 1024 * 1024 * 1024;

export interface TusErrorContext {
  uploadId?: string;
  /** Where the upload stands now, when known (for a 409). */
  uploadOffset?: number;
  declaredLength?: string;
}

export function explainTusError(status: number, text: string, context: TusErrorContext): ApiError {
  const said = text.trim();
  const max = UPLOAD_LIMITS.resumableMaxBytes;
  if (status === 412) {
    return new ApiError('upload.tus_version_unsupported', undefined, { headers: { 'Tus-Version': '1.0.0' } });
  }
  if (status === 400 && said.startsWith('Invalid ')) {
    const names = said.slice('Invalid '.length).split(' ');
    if (names.includes('tus-resumable')) {
      return new ApiError(
        'upload.tus_version_unsupported',
        'This server speaks tus 1.0.0 only: send Tus-Resumable: 1.0.0.',
        { headers: { 'Tus-Version': '1.0.0' } },
      );
    }
    if (names.includes('content-type')) {
      return new ApiError(
        'request.unsupported_content_type',
        'Send the chunk as Content-Type: application/offset+octet-stream.',
      );
    }
    return new ApiError(
      'request.invalid',
      `These headers are not valid tus 1.0: ${names.join(', ')}. Upload-Offset and Upload-Length are whole numbers of bytes; Upload-Metadata is comma-separated "key base64value" pairs with unique keys.`,
    );
  }
  if (said.startsWith('Upload-Offset header required')) {
    return new ApiError(
      'request.invalid',
      'A PATCH needs Upload-Offset: the offset its bytes start at (HEAD the upload to learn it).',
    );
  }
  if (said.startsWith('Content-Type header required')) {
    return new ApiError(
      'request.unsupported_content_type',
      'Send the chunk as Content-Type: application/offset+octet-stream.',
    );
  }
  if (said.startsWith('Upload-Length or Upload-Defer-Length')) {
    return new ApiError(
      'request.invalid',
      "Send Upload-Length: the file's size in bytes, known at creation (Upload-Defer-Length is not supported).",
    );
  }
  if (said.startsWith('Upload-Metadata is invalid')) {
    return new ApiError(
      'request.invalid',
      'Upload-Metadata must be comma-separated "key base64value" pairs with unique keys, e.g. "filename bW92aWUubXA0,projectId MQ==".',
    );
  }
  if (said.startsWith('Maximum size exceeded')) {
    return new ApiError(
      'upload.too_large',
      `A resumable upload takes files up to ${max / GiB} GiB (${max} bytes, Tus-Max-Size)${context.declaredLength ? `; this one declares ${context.declaredLength}` : ''}: split or compress the file.`,
      { details: { limitBytes: max } },
    );
  }
  if (said.startsWith("upload's size exceeded")) {
    return new ApiError(
      'upload.too_large',
      'The chunk goes past the Upload-Length declared at creation: send only the bytes from Upload-Offset up to Upload-Length.',
    );
  }
  if (said.startsWith('Request aborted')) {
    return new ApiError(
      'request.invalid',
      'This request was cut short: another request for the same upload took over, or the connection closed. HEAD the upload and resume from its Upload-Offset.',
    );
  }
  if (status === 404)
    return new ApiError(
      'resource.not_found',
      `No upload ${context.uploadId ?? ''} in this account.`.replace('  ', ' '),
    );
  if (status === 409) {
    const where = context.uploadOffset === undefined ? '' : ` it stands at ${context.uploadOffset}`;
    return new ApiError(
      'upload.offset_mismatch',
      `Upload-Offset does not match the upload:${where}. HEAD the upload and send the bytes from its Upload-Offset.`,
      {
        details: context.uploadOffset === undefined ? undefined : { uploadOffset: context.uploadOffset },
      },
    );
  }
  if (status === 410) return new ApiError('upload.expired');
  if (status >= 500 && status !== 501) return new ApiError('server.internal');
  return new ApiError('request.invalid', said || 'The resumable upload request was refused.', {
    status: status === 501 ? 400 : status,
  });
}
