/** The one jotai store of the app (lint bans jotai's default store): app/ reads and writes it outside React. */
import { createStore } from 'jotai';

export const store = createStore();
export type AppStore = typeof store;
