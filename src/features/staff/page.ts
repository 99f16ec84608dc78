/** The staff console's lazy entry: only /staff routes import it (docs/architecture.md, Feature entry files). */

export { StaffConsole } from './gate.tsx';
