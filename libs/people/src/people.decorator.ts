import { Inject } from '@nestjs/common';
import { People } from './people.interface';
import { PersonRecords } from './person-records.interface';

/** Injects the application's {@link People}. */
export const InjectPeople = (): ParameterDecorator => Inject(People);

/** Injects the {@link PersonRecords} the platform keeps of the people it confirmed. */
export const InjectPersonRecords = (): ParameterDecorator => Inject(PersonRecords);
