import { ConfigModule } from '@nestjs/config';
import { loadKaduConfig } from './kadu-config.loader';

/**
 * The global `ConfigModule`, loaded with {@link loadKaduConfig} from the
 * environment (and a `.env` file in the working directory, whose values never
 * override variables already set).
 *
 * The loader runs when the application is created, not when this file is
 * imported, so the environment of that moment counts: the test helper relies
 * on this to give each application its own database. Defaults live in the
 * loaded object, which `ConfigService` consults before `process.env`.
 */
export const KaduConfigModule = ConfigModule.forRoot({
  isGlobal: true,
  load: [() => loadKaduConfig(process.env)],
});
