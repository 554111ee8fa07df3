import { ConfigModule } from '@nestjs/config';
import { loadBillingConfig } from './billing-config.loader';

/** The global `ConfigModule` of Billing, loaded when the application is created (see `KaduConfigModule`). */
export const BillingConfigModule = ConfigModule.forRoot({
  isGlobal: true,
  ignoreEnvFile: true,
  load: [() => loadBillingConfig(process.env)],
});
