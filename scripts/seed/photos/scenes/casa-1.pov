// Frente da casa: single-storey house, white walls, telha colonial hipped roof, garage and lawn.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <-5, 1.6, -13>;
camera { perspective location Cam look_at <0.5, 2.6, 0> angle 60 right x * 4/3 }
Sky(1.5)
Sun(<-0.9, 1.1, -0.7>, 2.3)
light_source { Cam + <0, 8, -6> color rgb <0.8, 0.88, 1> * 0.12 shadowless }


#declare HW = 11; #declare HD = 8;
union {
  box { <-HW/2, 0, 0>, <HW/2, 3.0, HD> T_Paint(<0.95, 0.93, 0.88>) }
  // roof: pyramid-ish hip with terracotta tiles
  intersection {
    box { <-HW/2 - 0.7, 0, -0.7>, <HW/2 + 0.7, 2.6, HD + 0.7> }
    plane { <0, 1, -0.55>, 0 rotate 0 translate <0, 0, -0.7> }
    plane { <0, 1, 0.55>, 0 translate <0, 0, HD + 0.7> }
    plane { <-0.55, 1, 0>, 0 translate <-HW/2 - 0.7, 0, 0> }
    plane { <0.55, 1, 0>, 0 translate <HW/2 + 0.7, 0, 0> }
    texture { T_Terracotta rotate y * 0 }
    translate <0, 3.0, 0>
  }
  box { <-HW/2 - 0.7, 2.9, -0.7>, <HW/2 + 0.7, 3.0, HD + 0.7> T_Paint(<0.97, 0.97, 0.96>) }
  // windows with white frames and wooden shutters
  #for (X, -4.2, 0, 2.2)
    box { <X, 1.0, -0.02>, <X + 1.4, 2.3, 0.05> texture { pigment { rgb <0.06, 0.08, 0.1> } finish { diffuse 0.2 ambient 0 reflection { 0.15 0.7 fresnel } specular 0.8 roughness 0.002 } } }
    box { <X - 0.08, 0.92, -0.05>, <X + 1.48, 1.0, 0.05> T_Paint(0.97) }
    box { <X + 0.68, 1.0, -0.04>, <X + 0.72, 2.3, 0.02> T_Paint(0.97) }
  #end
  // front door
  box { <1.2, 0, -0.03>, <2.2, 2.2, 0.05> T_Wood(<0.5, 0.32, 0.18>, <0.38, 0.24, 0.14>) }
  cylinder { <2.05, 1.05, -0.06>, <2.05, 1.05, -0.03>, 0.03 texture { T_Chrome } }
  // garage door
  box { <2.8, 0, -0.03>, <5.1, 2.4, 0.05> texture { pigment { gradient y color_map { [0 rgb 0.72] [0.9 rgb 0.72] [0.9 rgb 0.55] [1 rgb 0.55] } scale 0.15 } finish { F_Satin } } }
  box { <1.0, 0, -1.2>, <2.4, 0.15, 0> texture { T_Concrete } }
}
box { <-40, -0.2, -40>, <40, 0, 40> texture { T_Lawn } }
plane { y, -0.25 texture { pigment { rgb <0.2, 0.3, 0.12> } finish { diffuse 0.8 ambient 0 } } }
// far ground beyond the lot }
box { <2.6, 0, -8>, <5.3, 0.02, 0> texture { T_Concrete } }
box { <1.2, 0, -8>, <2.2, 0.02, -1.2> texture { pigment { rgb <0.85, 0.8, 0.7> } normal { granite 0.3 scale 0.05 } finish { diffuse 0.8 ambient 0 } } }
box { <-40, 0, -11>, <40, 0.15, -8> texture { T_Calcada } }
box { <-40, -0.1, -40>, <40, 0, -11> texture { T_Asphalt } }
object { Palm(6, 7) translate <-7.5, 0, -2> }
object { Tree(5, 2.2, <0.13, 0.3, 0.08>) translate <9, 0, 2> }
#for (X, -5.2, 0.6, 0.9) object { Shrub(0.5, <0.15, 0.36, 0.1>) translate <X, 0, -0.6> } #end
