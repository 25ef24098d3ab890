// Uploaded and fetched pictures: checking, re-encoding and keeping them on disk. No database: the rows that name an
// image stay in db.
export * from './images.ts';
export * from './remote-image.ts';
