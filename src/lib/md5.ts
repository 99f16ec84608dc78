/** Passwords travel as the lowercase hex md5 of what was typed (spec 5, api.md Authentication). */
import SparkMD5 from 'spark-md5';
import { UPLOAD } from '#protocol/constants.ts';

export function md5(text: string): string {
  return SparkMD5.hash(text);
}

/** Spec 5: a file's name on upload is the md5 of at most its first 10 MB. */
export async function md5File(file: Blob, sampleBytes: number = UPLOAD.hashSampleBytes): Promise<string> {
  const buffer = await file.slice(0, sampleBytes).arrayBuffer();
  return SparkMD5.ArrayBuffer.hash(buffer);
}
