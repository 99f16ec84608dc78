/**
 * Passwords travel as the lowercase hex md5 of what was typed (docs/api.md, Authentication). spark-md5 is loaded
 * on the first hash (a submit or an upload), so it stays out of the first load of every page.
 */
import { UPLOAD } from '#protocol/constants.ts';

const spark = () => import('spark-md5').then((m) => m.default);

export async function md5(text: string): Promise<string> {
  return (await spark()).hash(text);
}

/** Spec 5: a file's name on upload is the md5 of at most its first 10 MB. */
export async function md5File(file: Blob, sampleBytes: number = UPLOAD.hashSampleBytes): Promise<string> {
  const [SparkMD5, buffer] = await Promise.all([spark(), file.slice(0, sampleBytes).arrayBuffer()]);
  return SparkMD5.ArrayBuffer.hash(buffer);
}
