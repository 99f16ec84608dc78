import { PRIMARY_COLOR } from '../protocol/constants.ts';
export const x: string = PRIMARY_COLOR;
