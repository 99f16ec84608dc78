/** Passwords travel as the lowercase hex md5 of what was typed (spec 5, api.md Authentication). */
import SparkMD5 from 'spark-md5';

export function md5(text: string): string {
  return SparkMD5.hash(text);
}
