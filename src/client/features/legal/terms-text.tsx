import { TERMS_EFFECTIVE_DATE } from '#shared/constants.ts';

/** '2025-03-07' -> '7 de marzo de 2025', without depending on the device's locale data. */
function spanishDate(iso: string): string {
  const months = [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ];
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} de ${months[(month ?? 1) - 1]} de ${year}`;
}

export function TermsText() {
  return (
    <>
      <p className="muted">Vigentes desde el {spanishDate(TERMS_EFFECTIVE_DATE)}.</p>

      <h3>1. Para qué sirve este servicio</h3>
      <p>
        Botón de Pánico Migratorio es una aplicación que ofrece nuestra firma de servicios migratorios para que puedas
        avisar rápidamente a las personas de tu confianza cuando te encuentres en una situación de riesgo, por ejemplo
        durante un operativo o una detención. No sustituye a los servicios de emergencia (911) ni a la asesoría legal de
        un abogado.
      </p>

      <h3>2. Cómo funciona una alerta</h3>
      <p>
        Al presionar el botón SOS, la aplicación envía a nuestro servidor la hora, tu zona horaria y, si lo permites, tu
        ubicación. El servidor envía un correo electrónico a cada uno de tus contactos de emergencia confirmados. Puedes
        finalizar la alerta en cualquier momento con el botón «FINALIZAR ALERTA».
      </p>

      <h3>3. Contactos de emergencia</h3>
      <p>
        Puedes registrar todos los contactos que quieras; no hay un límite. Cada contacto recibe un correo y debe
        confirmarlo y aceptar estos términos antes de recibir alertas. Un contacto puede darse de baja en cualquier
        momento con el enlace que viene en cada correo. Al registrar a una persona declaras que tienes su permiso para
        compartir su nombre, correo y teléfono con nosotros.
      </p>

      <h3>4. Tus datos y tu ubicación</h3>
      <p>
        Guardamos tu nombre, correo, teléfono, tus contactos y las alertas que envías, solo para prestar este servicio.
        Tu ubicación se comparte únicamente cuando presionas el botón SOS y solo con tus contactos confirmados. No
        vendemos tus datos ni los compartimos con autoridades migratorias, salvo orden judicial válida. En tu teléfono,
        la sesión se guarda cifrada. Puedes corregir tus datos en tu perfil o pedirnos que borremos tu cuenta y toda tu
        información.
      </p>

      <h3>5. Sin garantía de entrega</h3>
      <p>
        Hacemos todo lo posible para que cada alerta llegue: si no tienes señal, la aplicación la guarda y la envía en
        cuanto vuelva la conexión. Aun así, no podemos garantizar la entrega cuando fallan las redes móviles, internet,
        los servidores de correo o tu teléfono (por ejemplo, sin batería). Por eso te recomendamos acordar con tus
        contactos qué hacer si reciben una alerta.
      </p>

      <h3>6. Uso responsable</h3>
      <p>
        Usa el botón SOS solo en situaciones reales de riesgo. No uses el servicio para molestar o engañar a otras
        personas. Podemos suspender cuentas que lo usen de forma indebida.
      </p>

      <h3>7. Cambios a estos términos</h3>
      <p>
        Si cambiamos estos términos te lo avisaremos en la aplicación. Si sigues usándola después del aviso, aceptas los
        nuevos términos.
      </p>
    </>
  );
}
