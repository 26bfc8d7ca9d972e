import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { S3ImageStore } from './s3-image-store.ts';

/**
 * The only keys the stores hand out: a folder, 32 random hex digits and an image extension; an original with
 * copies adds their widths (`_160_320`), and a copy is `-<width>.avif|webp` (@shop/shared-contract/pictures).
 */
const IMAGE_KEY = /^(products|avatars)\/[0-9a-f]{32}((_\d{1,4})*\.(png|jpg|gif|webp)|-\d{1,4}\.(avif|webp))$/;

/**
 * /uploads/<key> served from the bucket, with the same headers as the disk files' static route: names are
 * never reused, so browsers and CDNs keep them for a year; the shell shows them from another origin.
 */
export function registerBucketUploads(app: FastifyInstance, store: S3ImageStore) {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const image = IMAGE_KEY.test(key) ? await store.read(key) : null;
    if (!image) return reply.status(404).send({ success: false, message: 'Image not found' });
    reply
      .header('Content-Type', image.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (image.length !== undefined) reply.header('Content-Length', image.length);
    return reply.send(image.body);
  });
}

/** /uploads/<key> served from the folder the disk image store writes to, with the bucket's headers. */
export async function registerDiskUploads(app: FastifyInstance, folder: string) {
  await app.register(fastifyStatic, {
    root: folder,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    // Names are random and never reused, so browsers and CDNs may keep them for a year.
    immutable: true,
    maxAge: '365d',
    // The shell's pages show them from another origin; nosniff and the CSP come from the security headers.
    setHeaders: (reply) => {
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}
