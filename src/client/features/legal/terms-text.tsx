import { SPANISH_EFFECTIVE, SPANISH_TITLES } from './terms-es.ts';
import { TermsSections, type TermsSection } from './terms-sections.tsx';

const SECTIONS: readonly TermsSection[] = [
  {
    title: SPANISH_TITLES.purpose,
    text: (
      <>
        Botón de Pánico Migratorio es una aplicación que ofrece nuestra firma de servicios migratorios para que puedas
        avisar rápidamente a las personas de tu confianza cuando te encuentres en una situación de riesgo, por ejemplo
        durante un operativo o una detención. No sustituye a los servicios de emergencia (911) ni a la asesoría legal de
        un abogado.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.alert,
    text: (
      <>
        Al presionar el botón SOS, la aplicación envía a nuestro servidor la hora, tu zona horaria y, si lo permites, tu
        ubicación. El servidor envía un correo electrónico a cada uno de tus contactos de emergencia confirmados. Puedes
        finalizar la alerta en cualquier momento con el botón «FINALIZAR ALERTA».
      </>
    ),
  },
  {
    title: SPANISH_TITLES.contacts,
    text: (
      <>
        Puedes registrar todos los contactos que quieras; no hay un límite. Cada contacto recibe un correo y debe
        confirmarlo y aceptar estos términos antes de recibir alertas. Un contacto puede darse de baja en cualquier
        momento con el enlace que viene en cada correo. Al registrar a una persona declaras que tienes su permiso para
        compartir su nombre, correo y teléfono con nosotros.
      </>
    ),
  },
  {
    title: 'Tus datos y tu ubicación',
    text: (
      <>
        Guardamos tu nombre, correo, teléfono, tus contactos y las alertas que envías, solo para prestar este servicio.
        Tu ubicación se comparte únicamente cuando presionas el botón SOS y solo con tus contactos confirmados. No
        vendemos tus datos ni los compartimos con autoridades migratorias, salvo orden judicial válida. En tu teléfono,
        la sesión se guarda cifrada. Puedes corregir tus datos en tu perfil o pedirnos que borremos tu cuenta y toda tu
        información.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.delivery,
    text: (
      <>
        Hacemos todo lo posible para que cada alerta llegue: si no tienes señal, la aplicación la guarda y la envía en
        cuanto vuelva la conexión. Aun así, no podemos garantizar la entrega cuando fallan las redes móviles, internet,
        los servidores de correo o tu teléfono (por ejemplo, sin batería). Por eso te recomendamos acordar con tus
        contactos qué hacer si reciben una alerta.
      </>
    ),
  },
  {
    title: SPANISH_TITLES.use,
    text: (
      <>
        Usa el botón SOS solo en situaciones reales de riesgo. No uses el servicio para molestar o engañar a otras
        personas. Podemos suspender cuentas que lo usen de forma indebida.
      </>
    ),
  },
  {
    title: 'Cambios a estos términos',
    text: (
      <>
        Si cambiamos estos términos te lo avisaremos en la aplicación. Si sigues usándola después del aviso, aceptas los
        nuevos términos.
      </>
    ),
  },
];

/** The person's terms, in Spanish: accepted at sign-up (terms-screen.tsx). */
export function TermsText() {
  return <TermsSections effective={SPANISH_EFFECTIVE} sections={SECTIONS} />;
}
