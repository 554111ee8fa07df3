import { Module } from '@nestjs/common';
import { NfesController } from './nfes.controller';
import { NfesService } from './nfes.service';

/** NF-e: issue, cancel, PDF and XML, over REST and MCP. */
@Module({
  controllers: [NfesController],
  providers: [NfesService],
})
export class NfesModule {}
