import { PRIMARY_COLOR } from '../protocol/constants.ts';

console.log(PRIMARY_COLOR);
