/** Moments' lazy entry: the /square page and a homepage's moments, imported only by their lazy route components. */
export { HomepageMoments } from './screens/homepage-moments.tsx';
export { SquarePage } from './screens/square-page.tsx';
